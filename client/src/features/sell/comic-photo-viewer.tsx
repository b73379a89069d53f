import type { RefObject } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';

/**
 * The full photo in a dialog. Its own module, loaded on the first tap of a thumbnail (comic-photo.tsx),
 * so the dialog code is not part of the seller pages' first load.
 */
export default function ComicPhotoViewer({
  imageUrl,
  name,
  open,
  onOpenChange,
  trigger,
}: {
  imageUrl: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The thumbnail button: focus goes back to it on close (it is not a Radix Trigger). */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-3xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <DialogTitle>{name}</DialogTitle>
        <DialogDescription>
          Compare the label in your photo with the details in your submission.
        </DialogDescription>
        <img
          src={imageUrl}
          alt={`The slab of ${name}`}
          className="mt-4 max-h-[70vh] w-full rounded-lg bg-slate-100 object-contain"
        />
      </DialogContent>
    </Dialog>
  );
}
