import { Link } from 'wouter';
import { formatDate } from '../../../../shared/dates';
import type { Submission } from '../../../../shared/schemas/submission';
import { shortReference } from '../../../../shared/short-reference';
import { Card, CardContent, CardHeader } from '../../ui/card';
import { SubmissionTimeline } from '../timeline/submission-timeline';
import { CancelSubmission } from './cancel-submission';
import { ComicRow } from './comic-row';
import { SubmissionStatusBadge } from './status-badge';
import { StatusBanners, StatusPanel } from './status-panels';
import { visibleComics } from './submission-rules';

/** One submission as the seller sees it (spec section 2 "My Submissions" and section 4). */
export function SubmissionCard({
  submission,
  headingLevel = 'h2',
  linkTitle = true,
}: {
  submission: Submission;
  headingLevel?: 'h1' | 'h2';
  /** On the list the title links to the submission's own page; on that page it does not. */
  linkTitle?: boolean;
}) {
  const reference = shortReference(submission.id);
  const comics = visibleComics(submission);
  const Heading = headingLevel;
  const title = `Submission #${reference}`;
  return (
    // An article named by its title, so assistive technology (and tests) can find one submission.
    <Card role="article" aria-labelledby={`submission-${submission.id}`}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <Heading id={`submission-${submission.id}`} className="text-xl font-bold text-slate-950">
            {linkTitle ? (
              <Link
                href={`/submissions/${submission.id}`}
                className="underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-blue-600"
              >
                {title}
              </Link>
            ) : (
              title
            )}
          </Heading>
          <p className="text-sm text-slate-700">
            Submitted on <time dateTime={submission.createdAt}>{formatDate(submission.createdAt)}</time>
          </p>
        </div>
        <SubmissionStatusBadge status={submission.status} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <StatusBanners submission={submission} />
        {comics.length > 0 && (
          <ul className="divide-y divide-slate-200" aria-label={`Comics in submission #${reference}`}>
            {comics.map((comic) => (
              <ComicRow key={comic.id} comic={comic} submission={submission} />
            ))}
          </ul>
        )}
        <StatusPanel submission={submission} />
        {submission.allowedActions.includes('cancel') && (
          <div>
            <CancelSubmission submissionId={submission.id} />
          </div>
        )}
        <SubmissionTimeline events={submission.timeline} audience="seller" comics={submission.comics} />
      </CardContent>
    </Card>
  );
}
