import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '../../ui/button';

/** The spec's confirmation text before a seller cancels. */
export const CANCEL_CONFIRM_TEXT =
  'Are you sure you want to cancel this submission? This action cannot be undone.';

// The dialog (Radix Dialog, focus trap, portal: about 9 kB gzip) loads on the first click, not with the
// page (docs/decisions/0021-seller-pages-budget.md).
const CancelSubmissionDialog = lazy(() =>
  import('./cancel-submission-dialog').then((m) => ({ default: m.CancelSubmissionDialog })),
);

/** 'Cancel Submission' with the spec's confirmation in an accessible dialog. */
export function CancelSubmission({ submissionId }: { submissionId: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first click on, so the dialog can animate closed and keep its state.
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Cancel Submission
      </Button>
      {used && (
        <Suspense fallback={null}>
          <CancelSubmissionDialog
            submissionId={submissionId}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={button}
          />
        </Suspense>
      )}
    </>
  );
}
