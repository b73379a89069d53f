// The per-file upload list of /sell: Pending -> Processing -> Processed (spec section 2), with upload
// progress. A plain class rather than React state so the rules (how many at once, what a busy server
// means) are unit-tested without a browser; the page subscribes to it with useSyncExternalStore.
import { UploadError, type PhotoUploader } from './upload-photo';

/** The spec's three badges. */
export type UploadStatus = 'pending' | 'processing' | 'processed';

/** What a processing file is doing right now (shown next to the spinner). */
export type UploadStage = 'waiting' | 'uploading' | 'reading' | 'busy-retrying' | 'done';

/** One file in the upload list. */
export interface UploadItem {
  id: string;
  fileName: string;
  status: UploadStatus;
  stage: UploadStage;
  /** Percent of the file sent, 0..100, while uploading. */
  progress: number;
  /** Set once processed: whether the label was read. */
  succeeded?: boolean;
  /** Why it failed, in words for the seller. */
  error?: string;
  /** The server refused the file itself (not an image, empty, too large): no comic was made of it. */
  refused?: boolean;
}

/** How one file ended: the response's data, or the error. */
export type UploadOutcome = { ok: true; data: unknown } | { ok: false; error: unknown };

/**
 * Called once per file when it is processed, before listeners hear about the Processed state. It may
 * correct the verdict: a 200 answer can still be a label the reader could not read.
 */
export type SettledHandler = (
  item: UploadItem,
  outcome: UploadOutcome,
) => Pick<UploadItem, 'succeeded' | 'error' | 'refused'> | void;

/** What the queue needs from its surroundings. */
export interface UploadQueueOptions {
  upload: PhotoUploader;
  /** The first settled handler (see UploadQueue.onSettled); it can be replaced later. */
  onSettled?: SettledHandler;
  /** Files sent at the same time. The server reads labels on a small worker pool; more only queue there. */
  concurrency?: number;
  /** How many times a file is re-sent when the server answers 503 (busy). */
  busyRetries?: number;
  /** Waits before a retry; injectable so tests need no clock. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Makes a unique id per file. */
  makeId?: () => string;
}

const DEFAULT_BUSY_WAIT_MS = 2000;
const MAX_BUSY_WAIT_MS = 15_000;

function abortableWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Cancelled', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** Words for a failed upload: the server's own message when it gave one. */
export function describeUploadError(error: unknown): string {
  if (error instanceof UploadError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 0) return 'The connection dropped while uploading.';
    if (error.status === 503) return 'The label reader is busy. Please try this photo again in a minute.';
  }
  return 'Failed to process image';
}

/**
 * True when the server refused the file itself: not an image (415), too large (413), empty or not a
 * usable upload (400). The spec's blank entry is for a real photo whose label could not be read, so
 * no comic is made of these.
 */
export function isRefusedFile(error: unknown): boolean {
  return error instanceof UploadError && [400, 413, 415].includes(error.status);
}

/** Text as a sentence: the final period added only when it has none ("...WebP." stays one period). */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The line under a file's name in the upload list: what is happening, or how it ended. */
export function uploadStageText(item: UploadItem): string {
  switch (item.stage) {
    case 'waiting':
      return 'Waiting to upload';
    case 'uploading':
      return `Uploading ${item.progress}%`;
    case 'reading':
      return 'Reading the label...';
    case 'busy-retrying':
      return 'Our label reader is busy; trying again shortly...';
    case 'done':
      if (item.succeeded) return 'Details added below';
      if (item.refused)
        return `${asSentence(item.error ?? 'This file could not be used')} Nothing was added.`;
      return `${asSentence(item.error ?? 'Could not read the label')} A blank entry was added.`;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Uploads files a few at a time and keeps the list of their states. */
export class UploadQueue {
  private items: readonly UploadItem[] = [];
  private readonly files = new Map<string, File>();
  private readonly listeners = new Set<() => void>();
  private controller = new AbortController();
  private running = 0;
  private counter = 0;
  // A guest's first upload is what gives the browser its guest-upload cookie. Photos sent in parallel
  // before that cookie exists would each get a different guest identity, and all but one would then be
  // invisible to the seller and unclaimable on submit; so the first upload goes alone.
  private firstUploadDone = false;
  private readonly options: Required<Omit<UploadQueueOptions, 'onSettled'>>;
  private settledHandler: SettledHandler;

  constructor(options: UploadQueueOptions) {
    this.options = {
      concurrency: 2,
      busyRetries: 3,
      wait: abortableWait,
      makeId: () => `upload-${++this.counter}`,
      ...options,
    };
    this.settledHandler = options.onSettled ?? (() => undefined);
  }

  /** Replaces the settled handler (a React page installs its latest one from an effect). */
  onSettled(handler: SettledHandler): void {
    this.settledHandler = handler;
  }

  /** The current list (a new array after every change, as useSyncExternalStore needs). */
  getSnapshot = (): readonly UploadItem[] => this.items;

  /** Registers a change listener; returns its removal. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Adds files as Pending and starts sending them. Returns the new items. */
  add(files: readonly File[]): UploadItem[] {
    const added = files.map((file) => {
      const item: UploadItem = {
        id: this.options.makeId(),
        fileName: file.name,
        status: 'pending',
        stage: 'waiting',
        progress: 0,
      };
      this.files.set(item.id, file);
      return item;
    });
    this.items = [...this.items, ...added];
    this.emit();
    this.pump();
    return added;
  }

  /** Empties the list and cancels anything in flight (after a successful submit). */
  reset(): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.files.clear();
    this.running = 0;
    this.items = [];
    this.emit();
  }

  /** True while any file is waiting or being processed. */
  get busy(): boolean {
    return this.items.some((item) => item.status !== 'processed');
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  private update(id: string, patch: Partial<UploadItem>): UploadItem | undefined {
    let updated: UploadItem | undefined;
    this.items = this.items.map((item) => {
      if (item.id !== id) return item;
      updated = { ...item, ...patch };
      return updated;
    });
    if (updated) this.emit();
    return updated;
  }

  private pump(): void {
    const limit = this.firstUploadDone ? this.options.concurrency : 1;
    while (this.running < limit) {
      const next = this.items.find((item) => item.status === 'pending');
      if (!next) return;
      this.running += 1;
      this.update(next.id, { status: 'processing', stage: 'uploading' });
      const signal = this.controller.signal;
      void this.process(next.id, signal).finally(() => {
        // A reset aborted this run and zeroed the counter already.
        if (signal.aborted) return;
        this.firstUploadDone = true;
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async process(id: string, signal: AbortSignal): Promise<void> {
    const file = this.files.get(id);
    if (!file) return;
    let outcome: UploadOutcome;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const data = await this.options.upload(
          file,
          {
            onProgress: (fraction) =>
              this.update(id, { stage: 'uploading', progress: Math.min(100, Math.round(fraction * 100)) }),
            onUploaded: () => this.update(id, { stage: 'reading', progress: 100 }),
          },
          signal,
        );
        outcome = { ok: true, data };
        break;
      } catch (error) {
        if (signal.aborted || isAbort(error)) return;
        const busy = error instanceof UploadError && error.status === 503;
        if (busy && attempt < this.options.busyRetries) {
          this.update(id, { stage: 'busy-retrying', progress: 0 });
          const waitMs = Math.min(
            error.retryAfterMs ?? DEFAULT_BUSY_WAIT_MS * (attempt + 1),
            MAX_BUSY_WAIT_MS,
          );
          try {
            await this.options.wait(waitMs, signal);
          } catch {
            return;
          }
          continue;
        }
        outcome = { ok: false, error };
        break;
      }
    }
    if (signal.aborted) return;
    this.files.delete(id);
    const current = this.items.find((item) => item.id === id);
    if (!current) return;
    const processed: UploadItem = {
      ...current,
      status: 'processed',
      stage: 'done',
      progress: 100,
      succeeded: outcome.ok,
      ...(outcome.ok ? {} : { error: describeUploadError(outcome.error) }),
    };
    const verdict = this.settledHandler(processed, outcome);
    this.update(id, { ...processed, ...verdict });
  }
}
