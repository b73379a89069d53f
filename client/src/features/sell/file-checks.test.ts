import { describe, expect, it } from 'vitest';
import { checkDroppedFiles, dropProblemsToast } from './file-checks';

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
    expect(checkDroppedFiles(files)).toEqual({ accepted: files, problems: [], leftOut: [] });
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

  it('takes the first 20 files of a bigger drop and says which were left out', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => file(`p${i}.jpg`, 'image/jpeg'));
    expect(checkDroppedFiles(twenty).accepted).toHaveLength(20);
    const extra = Array.from({ length: 5 }, (_, i) => file(`q${i}.jpg`, 'image/jpeg'));
    const result = checkDroppedFiles([...twenty, ...extra]);
    expect(result.accepted).toEqual(twenty);
    expect(result.leftOut).toEqual(extra);
    expect(dropProblemsToast(result, 25)).toEqual({
      title: 'Too Many Files',
      description:
        'You selected 25 photos. The first 20 are uploading; 5 were left out (q0.jpg, q1.jpg, q2.jpg and 2 more). Add them in another batch.',
    });
  });

  it("keeps the spec's toast for one refused file and sums up several in one toast", () => {
    const one = checkDroppedFiles([file('notes.pdf', 'application/pdf'), file('a.jpg', 'image/jpeg')]);
    expect(dropProblemsToast(one, 2)?.title).toBe('Invalid File Type');
    const two = checkDroppedFiles([
      file('notes.pdf', 'application/pdf'),
      file('huge.png', 'image/png', 11 * MB),
    ]);
    expect(dropProblemsToast(two, 2)).toEqual({
      title: 'Some Files Were Skipped',
      description:
        '2 files were not added: only JPEG, PNG, GIF, WebP or HEIC photos up to 10MB can be read. ' +
        'notes.pdf is not a supported image format. Please use JPEG, PNG, GIF, or WebP. ' +
        'huge.png is too large. Maximum file size is 10MB.',
    });
    expect(dropProblemsToast(checkDroppedFiles([file('a.jpg', 'image/jpeg')]), 1)).toBeNull();
  });
});
