import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_IMAGE_TYPES,
  FILE_INPUT_ACCEPT,
  MAX_FILES_PER_DROP,
  MAX_UPLOAD_BYTES,
  fileTooLargeToast,
  invalidFileTypeToast,
  isAcceptedImageFile,
  uploadProblem,
} from './limits.js';

describe('upload limits', () => {
  it("match the spec's constants", () => {
    expect(MAX_UPLOAD_BYTES).toBe(10485760);
    expect(MAX_FILES_PER_DROP).toBe(20);
    expect(ACCEPTED_IMAGE_TYPES).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp']),
    );
    expect(ACCEPTED_IMAGE_TYPES).toEqual(expect.arrayContaining(['image/heic', 'image/heif']));
  });

  it('lets the file picker offer HEIC by extension too', () => {
    expect(FILE_INPUT_ACCEPT.split(',')).toEqual(expect.arrayContaining(['image/png', '.heic', '.heif']));
  });
});

describe('toast texts', () => {
  it('names the file in the invalid type toast', () => {
    expect(invalidFileTypeToast('scan.pdf')).toEqual({
      title: 'Invalid File Type',
      description: 'scan.pdf is not a supported image format. Please use JPEG, PNG, GIF, or WebP.',
    });
  });

  it('names the file in the too large toast', () => {
    expect(fileTooLargeToast('huge.jpg')).toEqual({
      title: 'File Too Large',
      description: 'huge.jpg is too large. Maximum file size is 10MB.',
    });
  });
});

describe('isAcceptedImageFile', () => {
  it.each([
    ['a.jpg', 'image/jpeg', true],
    ['a.jpg', 'image/jpg', true],
    ['a.png', 'image/png', true],
    ['a.gif', 'image/gif', true],
    ['a.webp', 'image/webp', true],
    ['a.heic', 'image/heic', true],
    ['a.heif', 'image/heif', true],
    ['a.PNG', 'IMAGE/PNG', true],
    ['IMG_0001.HEIC', '', true],
    ['IMG_0001.heic', 'application/octet-stream', true],
    ['a.svg', 'image/svg+xml', false],
    ['a.pdf', 'application/pdf', false],
    ['a.bmp', 'image/bmp', false],
    ['a.jpg', '', false],
    ['notes.heic.txt', 'text/plain', false],
  ])('%s (%j) -> %s', (name, type, accepted) => {
    expect(isAcceptedImageFile({ name, type })).toBe(accepted);
  });
});

describe('uploadProblem', () => {
  it('accepts a file exactly at the limit', () => {
    expect(uploadProblem({ name: 'a.jpg', type: 'image/jpeg', size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it('refuses one byte over the limit', () => {
    expect(uploadProblem({ name: 'a.jpg', type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })?.title).toBe(
      'File Too Large',
    );
  });

  it('reports the type before the size', () => {
    expect(uploadProblem({ name: 'a.pdf', type: 'application/pdf', size: MAX_UPLOAD_BYTES * 2 })?.title).toBe(
      'Invalid File Type',
    );
  });
});
