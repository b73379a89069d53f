// The drop zone's checks before anything is uploaded (spec section 5 "Upload"); the server repeats
// them on the bytes, so these exist to answer at once, with the spec's toasts, not to keep anyone out.
import { MAX_FILES_PER_DROP, uploadProblem, type ToastText } from '../../../../shared/limits';

/** The toast for a drop of more than 20 files (the spec sets the limit but gives no words for it). */
export function tooManyFilesToast(count: number): ToastText {
  return {
    title: 'Too Many Files',
    description: `You selected ${count} photos. Please upload up to ${MAX_FILES_PER_DROP} at a time.`,
  };
}

/** The files of one drop that may be uploaded, and a toast for each problem, in drop order. */
export function checkDroppedFiles<F extends { name: string; type: string; size: number }>(
  files: readonly F[],
): { accepted: F[]; problems: ToastText[] } {
  // The whole drop is refused rather than silently taking the first 20: the seller would not know which were left out.
  if (files.length > MAX_FILES_PER_DROP) return { accepted: [], problems: [tooManyFilesToast(files.length)] };
  const accepted: F[] = [];
  const problems: ToastText[] = [];
  for (const file of files) {
    const problem = uploadProblem(file);
    if (problem) problems.push(problem);
    else accepted.push(file);
  }
  return { accepted, problems };
}
