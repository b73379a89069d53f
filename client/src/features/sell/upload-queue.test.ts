import { describe, expect, it } from 'vitest';
import {
  describeUploadError,
  isRefusedFile,
  uploadStageText,
  UploadQueue,
  type UploadItem,
  type UploadOutcome,
} from './upload-queue';
import { UploadError, type PhotoUploader, type UploadCallbacks } from './upload-photo';

interface PendingCall {
  file: File;
  callbacks: UploadCallbacks;
  resolve: (data: unknown) => void;
  reject: (error: unknown) => void;
}

/** An uploader the test answers by hand, so every state in between can be observed. */
function manualUploader() {
  const calls: PendingCall[] = [];
  const upload: PhotoUploader = (file, callbacks) =>
    new Promise((resolve, reject) => calls.push({ file, callbacks, resolve, reject }));
  return { calls, upload };
}

function photo(name: string): File {
  return new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
}

/** Lets the queue's promise chains run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: { concurrency?: number; busyRetries?: number } = {}) {
  const uploader = manualUploader();
  const settled: { item: UploadItem; outcome: UploadOutcome }[] = [];
  const waits: number[] = [];
  const queue = new UploadQueue({
    upload: uploader.upload,
    onSettled: (item, outcome) => {
      settled.push({ item, outcome });
    },
    wait: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  const statuses = () => queue.getSnapshot().map((item) => item.status);
  return { queue, uploader, settled, waits, statuses };
}

describe('UploadQueue', () => {
  it('sends the first photo alone (it brings the guest cookie), then two at a time', async () => {
    const { queue, uploader, settled, statuses } = setup({ concurrency: 2 });
    queue.add([photo('a.jpg'), photo('b.jpg'), photo('c.jpg'), photo('d.jpg')]);
    expect(statuses()).toEqual(['processing', 'pending', 'pending', 'pending']);
    expect(uploader.calls.map((call) => call.file.name)).toEqual(['a.jpg']);

    uploader.calls[0]!.resolve({ title: 'Saga' });
    await settle();
    expect(statuses()).toEqual(['processed', 'processing', 'processing', 'pending']);
    expect(uploader.calls.map((call) => call.file.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(settled[0]?.outcome).toEqual({ ok: true, data: { title: 'Saga' } });
    expect(queue.getSnapshot()[0]?.succeeded).toBe(true);
    expect(queue.busy).toBe(true);

    uploader.calls[1]!.resolve({});
    await settle();
    expect(statuses()).toEqual(['processed', 'processed', 'processing', 'processing']);
    uploader.calls[2]!.resolve({});
    uploader.calls[3]!.resolve({});
    await settle();
    expect(statuses()).toEqual(['processed', 'processed', 'processed', 'processed']);
    expect(queue.busy).toBe(false);
  });

  it('keeps sending two at a time in later drops', async () => {
    const { queue, uploader, statuses } = setup({ concurrency: 2 });
    queue.add([photo('first.jpg')]);
    uploader.calls[0]!.resolve({});
    await settle();
    queue.add([photo('b.jpg'), photo('c.jpg'), photo('d.jpg')]);
    expect(statuses()).toEqual(['processed', 'processing', 'processing', 'pending']);
  });

  it('reports upload progress, then the reading stage once every byte is sent', () => {
    const { queue, uploader } = setup();
    queue.add([photo('a.jpg')]);
    uploader.calls[0]!.callbacks.onProgress(0.426);
    expect(queue.getSnapshot()[0]).toMatchObject({ stage: 'uploading', progress: 43 });
    uploader.calls[0]!.callbacks.onUploaded();
    expect(queue.getSnapshot()[0]).toMatchObject({ stage: 'reading', progress: 100 });
  });

  it('marks a refused file Processed with the server message', async () => {
    const { queue, uploader, settled } = setup();
    queue.add([photo('notes.png')]);
    uploader.calls[0]!.reject(new UploadError(415, '415: ...', 'This file is not a supported image.'));
    await settle();
    expect(queue.getSnapshot()[0]).toMatchObject({
      status: 'processed',
      succeeded: false,
      error: 'This file is not a supported image.',
    });
    expect(settled[0]?.outcome.ok).toBe(false);
  });

  it('lets the page turn a 200 answer into a failed read', async () => {
    const uploader = manualUploader();
    const queue = new UploadQueue({
      upload: uploader.upload,
      onSettled: () => ({ succeeded: false, error: 'Could not read the label.' }),
    });
    queue.add([photo('blurry.jpg')]);
    uploader.calls[0]!.resolve({ confidence: 0 });
    await settle();
    expect(queue.getSnapshot()[0]).toMatchObject({
      status: 'processed',
      succeeded: false,
      error: 'Could not read the label.',
    });
  });

  it('waits and sends again while the server is busy, honouring Retry-After', async () => {
    const { queue, uploader, waits, statuses } = setup({ busyRetries: 2 });
    queue.add([photo('a.jpg')]);
    uploader.calls[0]!.reject(new UploadError(503, '503: busy', 'Busy', 3000));
    await settle();
    expect(waits).toEqual([3000]);
    expect(uploader.calls).toHaveLength(2);
    expect(statuses()).toEqual(['processing']);

    uploader.calls[1]!.reject(new UploadError(503, '503: busy'));
    await settle();
    uploader.calls[2]!.reject(new UploadError(503, '503: busy'));
    await settle();
    expect(uploader.calls).toHaveLength(3);
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'processed', succeeded: false });
  });

  it('reset empties the list and ignores answers that arrive afterwards', async () => {
    const { queue, uploader, settled } = setup();
    queue.add([photo('a.jpg')]);
    queue.reset();
    expect(queue.getSnapshot()).toEqual([]);
    uploader.calls[0]!.resolve({});
    await settle();
    expect(settled).toEqual([]);
    expect(queue.getSnapshot()).toEqual([]);
  });
});

describe('describeUploadError', () => {
  it('prefers the server message and has words for a dropped connection', () => {
    expect(describeUploadError(new UploadError(413, '413', 'File too large.'))).toBe('File too large.');
    expect(describeUploadError(new UploadError(0, 'net'))).toBe('The connection dropped while uploading.');
    expect(describeUploadError(new Error('boom'))).toBe('Failed to process image');
  });
});

describe('files the server refuses', () => {
  it('are told apart from labels that could not be read', () => {
    expect(
      isRefusedFile(
        new UploadError(
          415,
          '415',
          'notes.jpg is not a supported image format. Please use JPEG, PNG, GIF, or WebP.',
        ),
      ),
    ).toBe(true);
    expect(isRefusedFile(new UploadError(413, '413'))).toBe(true);
    expect(isRefusedFile(new UploadError(400, '400', 'empty.jpg is empty.'))).toBe(true);
    expect(isRefusedFile(new UploadError(503, '503'))).toBe(false);
    expect(isRefusedFile(new UploadError(0, 'network'))).toBe(false);
  });

  it('end their line with one period and say nothing was added', () => {
    const base = {
      id: 'x',
      fileName: 'notes.jpg',
      status: 'processed',
      stage: 'done',
      progress: 100,
    } as const;
    expect(
      uploadStageText({
        ...base,
        succeeded: false,
        refused: true,
        error: 'notes.jpg is not a supported image format. Please use JPEG, PNG, GIF, or WebP.',
      }),
    ).toBe(
      'notes.jpg is not a supported image format. Please use JPEG, PNG, GIF, or WebP. Nothing was added.',
    );
    expect(uploadStageText({ ...base, succeeded: false, error: 'Failed to process image' })).toBe(
      'Failed to process image. A blank entry was added.',
    );
  });
});
