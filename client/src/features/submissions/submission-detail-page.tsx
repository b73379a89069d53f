import { Link, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { shortReference } from '../../../../shared/short-reference';
import { useDocumentTitle } from '../../app/use-document-title';
import { PageLoading } from '../../app/page-loading';
import { ApiError } from '../../lib/api-request';
import { useCurrentUser } from '../auth/current-user';
import { SignInRequired } from './sign-in-required';
import { SubmissionCard } from './submission-card';
import { useSubmission } from './submissions-api';

/** /submissions/:id: one submission on its own page, bookmarkable and linkable from mail. */
export function SubmissionDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  useDocumentTitle(`Submission #${shortReference(id)}`);
  const { user, isLoading: userLoading } = useCurrentUser();
  const query = useSubmission(id, Boolean(user));

  if (userLoading) return <PageLoading />;
  if (!user) return <SignInRequired returnTo={`/submissions/${id}`} />;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <Link
        href="/submissions"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-red-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All submissions
      </Link>
      <div className="mt-4">
        {query.isPending ? (
          <div role="status" className="py-16 text-center text-slate-700">
            Loading your submission...
          </div>
        ) : query.data ? (
          <SubmissionCard submission={query.data} headingLevel="h1" linkTitle={false} />
        ) : (
          <div className="py-16 text-center">
            <h1 className="text-2xl font-extrabold text-slate-950">
              {query.error instanceof ApiError && query.error.status !== 404
                ? 'We could not load this submission'
                : 'Submission not found'}
            </h1>
          </div>
        )}
      </div>
    </div>
  );
}
