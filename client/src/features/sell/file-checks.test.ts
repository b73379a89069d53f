import { describe, expect, it } from 'vitest';
import { checkDroppedFiles } from './file-checks';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 2 * MB) => ({ name, type, size });

describe('checkDroppedFiles', () => {
  it('accepts every advertised type, HEIC included (also when the browser gives it no type)', () => {
    const files = [
      file('a.jpg', 'image/jpeg'),
      file('b.png', 'image/png'),
      file('c.gif', 'image/gif'),
      file('d.webp', 'image/webp'),
      file('e.heic', 'image/heic'),
      file('f.heif', 'image/heif'),
      file('IMG_0001.HEIC', ''),
    ];
    expect(checkDroppedFiles(files)).toEqual({ accepted: files, problems: [] });
  });

  it('refuses other types with the spec toast and keeps the good files', () => {
    const good = file('slab.jpg', 'image/jpeg');
    const result = checkDroppedFiles([file('notes.pdf', 'application/pdf'), good]);
    expect(result.accepted).toEqual([good]);
    expect(result.problems).toEqual([
      {
        title: 'Invalid File Type',
        description: 'notes.pdf is not a supported image format. Please use JPEG, PNG, GIF, or WebP.',
      },
    ]);
  });

  it('refuses files over 10 MB with the spec toast; exactly 10 MB is fine', () => {
    const limit = file('ok.jpg', 'image/jpeg', 10_485_760);
    const result = checkDroppedFiles([limit, file('huge.png', 'image/png', 10_485_761)]);
    expect(result.accepted).toEqual([limit]);
    expect(result.problems).toEqual([
      { title: 'File Too Large', description: 'huge.png is too large. Maximum file size is 10MB.' },
    ]);
  });

  it('takes 20 files but refuses a drop of 21 as a whole, with a clear toast', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => file(`p${i}.jpg`, 'image/jpeg'));
    expect(checkDroppedFiles(twenty).accepted).toHaveLength(20);
    const result = checkDroppedFiles([...twenty, file('p20.jpg', 'image/jpeg')]);
    expect(result.accepted).toEqual([]);
    expect(result.problems).toEqual([
      { title: 'Too Many Files', description: 'You selected 21 photos. Please upload up to 20 at a time.' },
    ]);
  });
});
