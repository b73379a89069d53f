import { useState } from 'react';
import { ImageOff, ZoomIn } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../ui/dialog';
import { cn } from '../../ui/cn';

/** The thumbnail the server keeps beside each photo (GET /api/images/:id/thumbnail). */
function thumbnailUrl(imageUrl: string): string {
  return /^\/api\/images\/[^/?#]+$/.test(imageUrl) ? `${imageUrl}/thumbnail` : imageUrl;
}

/**
 * The slab photo on a comic card: a thumbnail that opens the full photo, so the seller can compare
 * the label with the fields the reader filled in. A missing photo shows a neutral placeholder.
 */
export function ComicPhoto({
  imageUrl,
  name,
  className,
}: {
  imageUrl: string | undefined;
  name: string;
  className?: string;
}) {
  const [thumbFailed, setThumbFailed] = useState(false);
  const [fullFailed, setFullFailed] = useState(false);
  const frame = cn(
    'relative aspect-[3/4] w-20 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 sm:w-24',
    className,
  );
  if (!imageUrl || fullFailed) {
    return (
      <div className={cn(frame, 'grid place-items-center text-slate-500')}>
        <ImageOff className="size-6" aria-hidden="true" />
        <span className="sr-only">No photo</span>
      </div>
    );
  }
  return (
    <Dialog>
      <DialogTrigger
        className={cn(
          frame,
          'group cursor-zoom-in focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
        )}
        aria-label={`Enlarge photo of ${name}`}
      >
        <img
          src={thumbFailed ? imageUrl : thumbnailUrl(imageUrl)}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          onError={() => (thumbFailed ? setFullFailed(true) : setThumbFailed(true))}
        />
        <span className="absolute right-1 bottom-1 grid size-6 place-items-center rounded-full bg-slate-950/70 text-white">
          <ZoomIn className="size-3.5" aria-hidden="true" />
        </span>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
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
