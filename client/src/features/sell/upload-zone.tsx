import { useId, useState, useSyncExternalStore, type ChangeEvent, type DragEvent } from 'react';
import { Camera, ImagePlus, UploadCloud } from 'lucide-react';
import { clsx } from 'clsx';
import { buttonClasses } from '../../ui/button';

/** Props of the drop zone. */
export interface UploadZoneProps {
  /** The file input's accept list (MIME types and extensions). */
  accept: string;
  /** One line on what may be uploaded (types, size, count). */
  rules: string;
  onFiles: (files: File[]) => void;
}

// Phones and tablets get a direct "Take a Photo" button; desktops would only show a useless file dialog.
const coarsePointer = '(pointer: coarse)';
function subscribeToPointer(onChange: () => void): () => void {
  const query = window.matchMedia(coarsePointer);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribeToPointer,
    () => window.matchMedia(coarsePointer).matches,
    () => false,
  );
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * The drag-and-drop upload zone. The real controls are file inputs behind their labels, so a click,
 * Enter or Space on "Choose Photos" opens the picker, and screen readers hear an ordinary file button.
 */
export function UploadZone({ accept, rules, onFiles }: UploadZoneProps) {
  const [dragging, setDragging] = useState(false);
  const pickId = useId();
  const cameraId = useId();
  const rulesId = useId();
  const coarse = useCoarsePointer();

  function takeFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same photo again still fires a change.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  }

  const labelButton =
    'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600';
  return (
    <div
      onDragEnter={(event) => {
        if (hasFiles(event)) setDragging(true);
      }}
      onDragOver={(event) => {
        // Without preventDefault the browser would open the dropped photo instead of giving it to us.
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      className={clsx(
        'flex flex-col items-center gap-3 rounded-2xl border-3 border-dashed px-4 py-8 text-center transition-colors sm:px-8 sm:py-10',
        dragging ? 'border-red-600 bg-red-50' : 'border-slate-300 bg-slate-50',
      )}
    >
      <span className="grid size-14 place-items-center rounded-full bg-white text-red-600 shadow-sm ring-1 ring-slate-200">
        <UploadCloud className="size-7" aria-hidden="true" />
      </span>
      <div>
        <p className="text-lg font-bold text-slate-950">
          {dragging
            ? 'Drop your photos to upload them'
            : coarse
              ? 'Add photos of your slabs'
              : 'Drag and drop photos of your slabs here'}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Keep the whole label in the shot, in focus and without glare.
        </p>
      </div>
      <div className="flex w-full flex-col justify-center gap-2 sm:w-auto sm:flex-row">
        <div className="relative">
          <input
            id={pickId}
            type="file"
            multiple
            accept={accept}
            onChange={takeFiles}
            aria-describedby={rulesId}
            className="peer sr-only"
          />
          <label htmlFor={pickId} className={buttonClasses('primary', 'lg', `${labelButton} w-full`)}>
            <ImagePlus aria-hidden="true" />
            Choose Photos
          </label>
        </div>
        {coarse && (
          <div className="relative">
            {/* capture asks the phone for its rear camera straight away; the button above still offers the gallery. */}
            <input
              id={cameraId}
              type="file"
              accept={accept}
              capture="environment"
              onChange={takeFiles}
              aria-describedby={rulesId}
              className="peer sr-only"
            />
            <label htmlFor={cameraId} className={buttonClasses('outline', 'lg', `${labelButton} w-full`)}>
              <Camera aria-hidden="true" />
              Take a Photo
            </label>
          </div>
        )}
      </div>
      <p id={rulesId} className="text-xs text-slate-600">
        {rules}
      </p>
    </div>
  );
}
