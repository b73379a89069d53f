import type { LabelReading } from '../../../shared/label-reading.js';
import type { LineMatrix } from './pattern-decode.js';

/** Main thread -> worker: one photo to read (the bytes are transferred, not copied). */
export interface WorkerRequest {
  readonly id: number;
  readonly image: Uint8Array;
}

/**
 * Main thread -> a worker: finish the reads in hand, then release the OCR models (and onnxruntime's
 * memory arena) and exit. Terminating the thread instead left its native memory behind: about 80 MB
 * per replaced worker.
 */
export interface WorkerCloseRequest {
  readonly close: true;
}

export function isCloseRequest(message: unknown): message is WorkerCloseRequest {
  return typeof message === 'object' && message !== null && (message as { close?: unknown }).close === true;
}

/**
 * Worker -> main thread: the reading and the recogniser's output for its variant line
 * (label-pipeline's ReadingWithVariantLine), or the error's name and message (classes do not
 * cross threads).
 */
export type WorkerReply =
  | {
      readonly id: number;
      readonly ok: true;
      readonly reading: LabelReading;
      readonly variantLine: LineMatrix | null;
    }
  | {
      readonly id: number;
      readonly ok: false;
      readonly error: { readonly name: string; readonly message: string };
    };
