// Typed failures of the label reader. The upload route maps them: LabelReaderBusyError -> 503,
// the others -> the spec's blank entry ('Extraction failed - please enter details manually', confidence 0).

/** The photo could not be decoded as an image (corrupt, unsupported, too many pixels). */
export class UnreadableImageError extends Error {
  override readonly name = 'UnreadableImageError';
}

/** The photo decoded but no grading label could be found or read on it. */
export class LabelNotFoundError extends Error {
  override readonly name = 'LabelNotFoundError';
}

/** The reader's queue is full; retry later (map to HTTP 503). */
export class LabelReaderBusyError extends Error {
  override readonly name = 'LabelReaderBusyError';
}

/** The reader was closed, or a worker died while reading. */
export class LabelReaderUnavailableError extends Error {
  override readonly name = 'LabelReaderUnavailableError';
}

/** A read took longer than the reader's timeout; its worker was terminated and will be replaced. */
export class LabelReaderTimeoutError extends Error {
  override readonly name = 'LabelReaderTimeoutError';
}
