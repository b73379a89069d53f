import { useMemo, type Ref } from 'react';
import type { Grader } from '../../../../shared/graders';
import type { CertMatch } from '../../../../shared/schemas/cert-check';
import { BookOpen } from 'lucide-react';
import { formatCents } from '../../../../shared/money';
import { Badge } from '../../ui/badge';
import { duplicateWarnings, earlierNotesByComic } from './cert-notes';
import { ComicCard } from './comic-card';
import type { FieldErrors } from './comic-validation';
import { estimatedTotalCents, type ComicFields, type DraftComic } from './draft-comic';

/** Props of the comics list. */
export interface ComicsListProps {
  comics: readonly DraftComic[];
  editingIds: ReadonlySet<string>;
  errorsById: Readonly<Record<string, FieldErrors>>;
  /** The seller's earlier comics sharing a cert number with this draft (empty for guests). */
  earlierCerts: readonly CertMatch[];
  onEdit: (id: string) => void;
  onSave: (id: string, fields: ComicFields, grader: Grader) => void;
  onCancel: (id: string) => void;
  onRemove: (id: string) => void;
  ref?: Ref<HTMLElement>;
}

/** The comics added so far, with the count badge and the estimated total (2 decimals). */
export function ComicsList({
  comics,
  editingIds,
  errorsById,
  earlierCerts,
  onEdit,
  onSave,
  onCancel,
  onRemove,
  ref,
}: ComicsListProps) {
  const total = estimatedTotalCents(comics);
  const duplicates = useMemo(() => duplicateWarnings(comics), [comics]);
  const earlier = useMemo(() => earlierNotesByComic(comics, earlierCerts), [comics, earlierCerts]);
  return (
    <section ref={ref} aria-labelledby="comics-heading" className="scroll-mt-24">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2
          id="comics-heading"
          tabIndex={-1}
          className="flex items-center gap-2 text-2xl font-bold text-slate-950 focus:outline-none"
        >
          Your Comics
          <Badge variant="brand" size="md">
            {comics.length}
            <span className="sr-only"> {comics.length === 1 ? 'comic' : 'comics'}</span>
          </Badge>
        </h2>
        {comics.length > 0 && (
          <p className="text-sm text-slate-700">
            Estimated total:{' '}
            <span className="text-lg font-bold text-slate-950">
              {total === null ? 'Pending review' : formatCents(total)}
            </span>
          </p>
        )}
      </div>
      {comics.length === 0 ? (
        <div className="mt-4 flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-slate-300 px-6 py-10 text-center">
          <BookOpen className="size-8 text-slate-400" aria-hidden="true" />
          <p className="font-semibold text-slate-800">No comics yet</p>
          <p className="text-sm text-slate-600">
            Upload photos of your slabs above and they will appear here.
          </p>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4">
          {comics.map((comic, index) => (
            <ComicCard
              key={comic.id}
              comic={comic}
              position={index + 1}
              editing={editingIds.has(comic.id)}
              errors={errorsById[comic.id]}
              duplicateWarning={duplicates[comic.id]}
              earlierNotes={earlier[comic.id]}
              onEdit={() => onEdit(comic.id)}
              onSave={(fields, grader) => onSave(comic.id, fields, grader)}
              onCancel={() => onCancel(comic.id)}
              onRemove={() => onRemove(comic.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
