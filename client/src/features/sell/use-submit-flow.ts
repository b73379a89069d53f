// The submit button's whole journey (spec section 4 "Upload and submit flow"): the ordered checks,
// sign-in, the payment-email dialog with its automatic retry, the post, and what success clears.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { errorToastMessage } from '../../lib/api-request';
import { toast } from '../../ui/use-toast';
import { loginUrl, refreshCurrentUser } from '../auth/current-user';
import { loadComicValidation } from './comic-rules-loader';
import type { DraftProblem } from './comic-validation';
import type { DraftComic } from './draft-comic';
import { randomId } from './random-id';
import { rememberSignInReturn, sessionNotes } from './session-notes';
import { postSubmission } from './submission-request';
import { decideSubmitStep, SELL_DELAYS_MS, submissionSuccessDescription } from './submit-rules';
import type { SellDraft } from './use-sell-draft';

/** The signed-in user as far as submitting cares. */
export interface SubmittingUser {
  id: string;
  paymentEmail?: string | null;
}

/** What the page passes in. */
export interface SubmitFlowInput {
  draft: SellDraft;
  user: SubmittingUser | null;
  termsAccepted: boolean;
  /** Empties the upload list (called 100 ms after success). */
  resetUploads: () => void;
}

/** What the page renders from. */
export interface SubmitFlow {
  submitting: boolean;
  paymentDialogOpen: boolean;
  setPaymentDialogOpen: (open: boolean) => void;
  submit: () => void;
  /** The dialog saved the email: refetch the user, then submit again after 500 ms. */
  onPaymentEmailSaved: () => void;
}

/** Runs the spec's submit flow for the /sell page. */
export function useSubmitFlow({ draft, user, termsAccepted, resetUploads }: SubmitFlowInput): SubmitFlow {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [submitting, setSubmitting] = useState(false);
  const [paymentDialogOpen, setPaymentDialogOpen] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  // The retry after the payment email is saved runs 500 ms later, after the user has been refetched:
  // it must read the state of that moment, not of the render that scheduled it.
  const latest = useRef({ draft, user, termsAccepted, resetUploads });
  useEffect(() => {
    latest.current = { draft, user, termsAccepted, resetUploads };
  });

  // One key per version of the draft: a double click or a retry of the same comics creates one
  // submission on the server; any change to the comics is a new submission and gets a new key.
  const idempotencyKey = useRef(randomId());
  useEffect(() => {
    idempotencyKey.current = randomId();
  }, [draft.comics]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  const later = useCallback((ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  }, []);

  const post = useCallback(
    async (comics: DraftComic[], seller: SubmittingUser) => {
      const failed = (error: unknown) => {
        setSubmitting(false);
        toast({
          title: 'Submission Failed',
          description: errorToastMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
      };
      // Busy from the click on: the rules may still be loading (comic-rules-loader.ts).
      setSubmitting(true);
      let problems: DraftProblem[];
      try {
        problems = (await loadComicValidation()).validateDraftForSubmit(comics);
      } catch (error) {
        failed(error);
        return;
      }
      if (problems.length > 0) {
        setSubmitting(false);
        for (const problem of problems) latest.current.draft.startEditing(problem.id, problem.errors);
        const first = problems[0]!;
        toast({
          title: 'Submission Failed',
          description: `${first.name} needs a few details: ${first.summary}. Please fix it and submit again.`,
          variant: 'destructive',
        });
        return;
      }
      try {
        await postSubmission({ comics, userId: seller.id, idempotencyKey: idempotencyKey.current });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['/api/submissions'] }),
          queryClient.invalidateQueries({ queryKey: ['/api/admin/stats'] }),
        ]);
        toast({ title: 'Submission Successful!', description: submissionSuccessDescription(comics.length) });
        latest.current.draft.clear();
        later(SELL_DELAYS_MS.resetUploads, () => latest.current.resetUploads());
        later(SELL_DELAYS_MS.navigateAfterSubmit, () => navigate('/submissions'));
        // `submitting` stays on: the page is about to leave for /submissions.
      } catch (error) {
        failed(error);
      }
    },
    [later, navigate, queryClient],
  );

  const submit = useCallback(() => {
    const { draft: current, user: seller, termsAccepted: agreed } = latest.current;
    const step = decideSubmitStep({ comicCount: current.comics.length, termsAccepted: agreed, user: seller });
    switch (step.kind) {
      case 'blocked':
        toast({ title: step.title, description: step.description, variant: 'destructive' });
        return;
      case 'sign-in':
        // A full-page navigation: sign-in is a server redirect flow. The draft waits in localStorage;
        // the ticked Terms box and the seller's place at the submit panel wait in sessionStorage.
        rememberSignInReturn(sessionNotes(), agreed);
        window.location.assign(loginUrl('/sell'));
        return;
      case 'ask-payment-email':
        setPaymentDialogOpen(true);
        return;
      case 'post':
        if (seller) void post(current.comics, seller);
    }
  }, [post]);

  const onPaymentEmailSaved = useCallback(() => {
    setSubmitting(true);
    void refreshCurrentUser().finally(() =>
      later(SELL_DELAYS_MS.retryAfterPaymentEmail, () => {
        setSubmitting(false);
        submit();
      }),
    );
  }, [later, submit]);

  return { submitting, paymentDialogOpen, setPaymentDialogOpen, submit, onPaymentEmailSaved };
}
