import { lazy, Suspense, useRef, useState } from 'react';
import { ImageOff, ZoomIn } from 'lucide-react';
import { cn } from '../../ui/cn';

const loadViewer = () => import('./comic-photo-viewer');
const ComicPhotoViewer = lazy(loadViewer);

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
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can close with its animation and return focus.
  const [viewed, setViewed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
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
    <>
      <button
        ref={button}
        type="button"
        className={cn(
          frame,
          'group cursor-zoom-in focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
        )}
        aria-label={`Enlarge photo of ${name}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={() => void loadViewer()}
        onClick={() => {
          setViewed(true);
          setOpen(true);
        }}
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
      </button>
      {viewed && (
        <Suspense fallback={null}>
          <ComicPhotoViewer
            imageUrl={imageUrl}
            name={name}
            open={open}
            onOpenChange={setOpen}
            trigger={button}
          />
        </Suspense>
      )}
    </>
  );
}
