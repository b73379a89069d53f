import { useState } from 'react';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '../../ui/dialog';
import { useCancelSubmission } from './submissions-api';

/** The spec's confirmation text before a seller cancels. */
export const CANCEL_CONFIRM_TEXT =
  'Are you sure you want to cancel this submission? This action cannot be undone.';

/** 'Cancel Submission' with the spec's confirmation in an accessible dialog. */
export function CancelSubmission({ submissionId }: { submissionId: string }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubmission();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Cancel Submission
        </Button>
      </DialogTrigger>
      <DialogContent>
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
                onSettled: () => setOpen(false),
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
