import type { LabelReading } from '../../../shared/label-reading.js';

/** Main thread -> worker: one photo to read (the bytes are transferred, not copied). */
export interface WorkerRequest {
  readonly id: number;
  readonly image: Uint8Array;
}

/** Worker -> main thread: the reading, or the error's name and message (classes do not cross threads). */
export type WorkerReply =
  | { readonly id: number; readonly ok: true; readonly reading: LabelReading }
  | {
      readonly id: number;
      readonly ok: false;
      readonly error: { readonly name: string; readonly message: string };
    };
