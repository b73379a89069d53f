import { Link } from 'wouter';
import { Inbox } from 'lucide-react';
import type { SubmissionList } from '../../../../shared/schemas/submission';
import { useDocumentTitle } from '../../app/use-document-title';
import { PageLoading } from '../../app/page-loading';
import { Button, buttonClasses } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { useCurrentUser } from '../auth/current-user';
import { SignInRequired } from './sign-in-required';
import { SubmissionCard } from './submission-card';
import { submissionsOfPages, useSubmissionList } from './submissions-api';

/** Where 'Submit Your First Comic' goes: /sell (the spec's /submit is not a route; see ADR 0013). */
export const FIRST_SUBMISSION_HREF = '/sell';

function Loading() {
  return (
    <div role="status" className="mx-auto flex max-w-6xl justify-center px-4 py-24 text-slate-700">
      Loading your submissions...
    </div>
  );
}

function StatCards({ stats }: { stats: SubmissionList['stats'] }) {
  const cards = [
    { label: 'Total Submissions', value: stats.total },
    { label: 'Awaiting Response', value: stats.awaitingResponse },
    { label: 'Accepted', value: stats.accepted },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      {cards.map((card) => (
        // dt/dd sit directly in the card's div: a <dl> may hold only div-wrapped dt/dd groups.
        <div key={card.label} className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
          <dt className="text-xs font-semibold text-slate-700 sm:text-sm">{card.label}</dt>
          <dd className="mt-1 text-2xl font-extrabold text-slate-950 sm:text-3xl">{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /submissions: the seller's stat cards and submissions, newest first, a page at a time (spec section 2). */
export function SubmissionsPage() {
  useDocumentTitle('My Submissions');
  const { user, isLoading: userLoading } = useCurrentUser();
  const list = useSubmissionList(Boolean(user));

  if (userLoading) return <PageLoading />;
  if (!user) return <SignInRequired returnTo="/submissions" />;
  if (list.isPending) return <Loading />;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-extrabold text-slate-950">My Submissions</h1>
      <p className="mt-2 text-slate-700">Track your comics from offer to payment.</p>
      {list.isError ? (
        <div role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          We could not load your submissions. Please try again.
          <div className="mt-3">
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              Try Again
            </Button>
          </div>
        </div>
      ) : (
        <Loaded list={list} />
      )}
    </div>
  );
}

function Loaded({ list }: { list: ReturnType<typeof useSubmissionList> }) {
  const pages = list.data?.pages;
  const stats = pages?.[0]?.stats ?? { total: 0, awaitingResponse: 0, accepted: 0 };
  const submissions = submissionsOfPages(pages);
  return (
    <>
      <div className="mt-8">
        <StatCards stats={stats} />
      </div>
      {submissions.length === 0 ? (
        <Card className="mt-8">
          <CardContent className="flex flex-col items-center p-10 text-center">
            <Inbox className="size-12 text-slate-500" aria-hidden="true" />
            <h2 className="mt-4 text-xl font-bold text-slate-950">No Submissions Yet</h2>
            <p className="mt-2 text-slate-700">
              Send us photos of your graded comics to get cash and credit offers.
            </p>
            <Link href={FIRST_SUBMISSION_HREF} className={`${buttonClasses('primary')} mt-6`}>
              Submit Your First Comic
            </Link>
          </CardContent>
        </Card>
      ) : (
        <div className="mt-8 grid gap-6">
          {submissions.map((submission) => (
            <SubmissionCard key={submission.id} submission={submission} />
          ))}
          {list.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </div>
      )}
    </>
  );
}
