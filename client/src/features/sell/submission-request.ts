// POST /api/submissions (spec section 7), with an Idempotency-Key so a double click or a retried
// request creates one submission.
import type { CreateSubmissionBody } from '../../../../shared/schemas/submission';
import { apiRequest } from '../../lib/api-request';
import { loadComicValidation } from './comic-rules-loader';
import type { DraftComic } from './draft-comic';

/** Posts the draft as a new submission; resolves once the server created it, throws ApiError on refusal. */
export async function postSubmission({
  comics,
  userId,
  idempotencyKey,
}: {
  comics: readonly DraftComic[];
  userId: string;
  idempotencyKey: string;
}): Promise<void> {
  // Loaded already: the draft was validated with the same module just before (use-submit-flow.ts).
  const { toComicInput } = await loadComicValidation();
  const body: CreateSubmissionBody = { comics: comics.map(toComicInput), userId };
  // The page only needs to know it worked: it navigates to /submissions, which loads the list afresh.
  await apiRequest('POST', '/api/submissions', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}
