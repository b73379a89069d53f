// The drop zone's checks before anything is uploaded (spec section 5 "Upload"); the server repeats
// them on the bytes, so these exist to answer at once, with the spec's toasts, not to keep anyone out.
import { MAX_FILES_PER_DROP, uploadProblem, type ToastText } from '../../../../shared/limits';

/** "a.jpg, b.jpg, c.jpg and 2 more": file names for a message, kept short. */
export function nameList(names: readonly string[], shown = 3): string {
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** The toast for a drop of more than 20 files: the first 20 go ahead, and the seller learns which did not. */
export function tooManyFilesToast(count: number, leftOut: readonly string[]): ToastText {
  return {
    title: 'Too Many Files',
    description:
      `You selected ${count} photos. The first ${MAX_FILES_PER_DROP} are uploading; ` +
      `${leftOut.length} ${leftOut.length === 1 ? 'was' : 'were'} left out (${nameList(leftOut)}). ` +
      'Add them in another batch.',
  };
}

/** What a drop comes to: files to upload, a spec toast per refused file, and files past the limit. */
export interface DropCheck<F> {
  accepted: F[];
  problems: ToastText[];
  /** Files beyond the first 20, not looked at. */
  leftOut: F[];
}

/** The files of one drop that may be uploaded (at most the first 20), and a toast for each problem, in drop order. */
export function checkDroppedFiles<F extends { name: string; type: string; size: number }>(
  files: readonly F[],
): DropCheck<F> {
  const accepted: F[] = [];
  const problems: ToastText[] = [];
  for (const file of files.slice(0, MAX_FILES_PER_DROP)) {
    const problem = uploadProblem(file);
    if (problem) problems.push(problem);
    else accepted.push(file);
  }
  return { accepted, problems, leftOut: files.slice(MAX_FILES_PER_DROP) };
}

/**
 * The one toast about a drop's problems (only one toast shows at a time, so several would hide each
 * other): the spec's own toast for a single refused file, one summary for several.
 */
export function dropProblemsToast<F extends { name: string }>(
  check: DropCheck<F>,
  total: number,
): ToastText | null {
  const names = check.leftOut.map((file) => file.name);
  if (names.length > 0) {
    const toastText = tooManyFilesToast(total, names);
    if (check.problems.length === 0) return toastText;
    return {
      title: toastText.title,
      description: `${toastText.description} ${skippedSentence(check.problems.length)}`,
    };
  }
  if (check.problems.length === 1) return check.problems[0]!;
  if (check.problems.length > 1) {
    return {
      title: 'Some Files Were Skipped',
      description: `${skippedSentence(check.problems.length)} ${check.problems
        .map((problem) => problem.description)
        .join(' ')}`,
    };
  }
  return null;
}

function skippedSentence(count: number): string {
  return `${count} ${count === 1 ? 'file was' : 'files were'} not added: only JPEG, PNG, GIF, WebP or HEIC photos up to 10MB can be read.`;
}
