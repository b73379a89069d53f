import type { RefObject } from 'react';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../ui/dialog';
import { CANCEL_CONFIRM_TEXT } from './cancel-submission';
import { useCancelSubmission } from './submissions-api';

/** Props of the confirmation: open state from the card's button, which gets the focus back on close. */
export interface CancelSubmissionDialogProps {
  submissionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The spec's confirmation before a seller cancels, in an accessible dialog (its own chunk: few open it). */
export function CancelSubmissionDialog({
  submissionId,
  open,
  onOpenChange,
  returnFocusTo,
}: CancelSubmissionDialogProps) {
  const cancel = useCancelSubmission();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        // The button that opened it is not a Radix trigger (it renders before this code loads), so
        // the focus is handed back to it here.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle>Cancel Submission</DialogTitle>
        <DialogDescription>{CANCEL_CONFIRM_TEXT}</DialogDescription>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep Submission</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(submissionId, {
                onSettled: () => onOpenChange(false),
              })
            }
          >
            {cancel.isPending ? 'Cancelling...' : 'Yes, Cancel Submission'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
