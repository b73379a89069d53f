import { useEffect, useMemo, useRef } from 'react';
import { Info, Pencil, PenLine, Sparkles, Trash2, TriangleAlert } from 'lucide-react';
import type { Grader } from '../../../../shared/graders';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ComicDetails } from './comic-details';
import { ComicEditForm } from './comic-edit-form';
import { ComicPhoto } from './comic-photo';
import type { FieldErrors } from './comic-validation';
import {
  comicName,
  editableFields,
  FIELD_LABELS,
  graderOf,
  lowConfidenceFields,
  sourceLine,
  visibleReaderNotes,
  type ComicFields,
  type DraftComic,
} from './draft-comic';

/** What a comic card needs from the list. */
export interface ComicCardProps {
  comic: DraftComic;
  /** 1-based position, for names like "Comic 2" when the title is still empty. */
  position: number;
  editing: boolean;
  /** Errors from a submit attempt, shown when the card opens for editing. */
  errors?: FieldErrors;
  /** Set when an earlier card of the draft has the same cert number (the server would refuse both). */
  duplicateWarning?: string;
  /** Notes about the seller's earlier submissions that hold this cert number. */
  earlierNotes?: readonly string[];
  onEdit: () => void;
  onSave: (fields: ComicFields, grader: Grader) => void;
  onCancel: () => void;
  onRemove: () => void;
}

/** One comic in the draft: photo, confidence, the fields (view) or the form (edit), Edit and Remove. */
export function ComicCard({
  comic,
  position,
  editing,
  errors,
  duplicateWarning,
  earlierNotes = [],
  onEdit,
  onSave,
  onCancel,
  onRemove,
}: ComicCardProps) {
  const name = comicName(comic, position);
  const flaggedList = useMemo(() => lowConfidenceFields(comic), [comic]);
  const flagged = useMemo(() => new Set(flaggedList), [flaggedList]);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);

  // After Save or Cancel, focus returns to the Edit button rather than falling to the page's top.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const headingId = `comic-${comic.id}-heading`;
  const readerNotes = visibleReaderNotes(comic);
  return (
    <li>
      <Card className="overflow-hidden" aria-labelledby={headingId} role="group">
        <div className="flex gap-3 p-4 sm:gap-4 sm:p-5">
          <ComicPhoto imageUrl={comic.imageUrls[0]} name={name} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 id={headingId} className="text-lg leading-tight font-bold break-words text-slate-950">
                  {name}
                </h3>
                <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
                  {comic.cgcGrade && (
                    <Badge variant="info">
                      {comic.labelDetails.grader ?? 'CGC'} {comic.cgcGrade}
                    </Badge>
                  )}
                  {comic.keyIssue && <Badge variant="brand">Key Issue</Badge>}
                </div>
              </div>
              {!editing && (
                <div className="flex gap-1">
                  <Button
                    ref={editButton}
                    variant="outline"
                    size="sm"
                    onClick={onEdit}
                    aria-label={`Edit ${name}`}
                  >
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${name}`}>
                    <Trash2 aria-hidden="true" />
                    <span className="sr-only sm:not-sr-only">Remove</span>
                  </Button>
                </div>
              )}
            </div>
            <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-700">
              {comic.extractionFailed ? (
                <PenLine className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
              ) : (
                <Sparkles className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
              )}
              {sourceLine(comic)}
            </p>
            {comic.extractionFailed && !comic.reviewed && (
              <p className="mt-1 flex items-start gap-1.5 text-sm text-red-800">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>We couldn&apos;t read this label. Please enter the details from your slab.</span>
              </p>
            )}
            {flaggedList.length > 0 && (
              <p className="mt-1 text-sm text-amber-900">
                Please check {flaggedList.map((field) => FIELD_LABELS[field]).join(', ')} against your photo.
              </p>
            )}
            {duplicateWarning && (
              <p className="mt-1 flex items-start gap-1.5 text-sm font-medium text-red-800">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{duplicateWarning}</span>
              </p>
            )}
            {earlierNotes.map((note) => (
              <p key={note} className="mt-1 flex items-start gap-1.5 text-sm text-slate-700">
                <Info className="mt-0.5 size-4 shrink-0 text-blue-700" aria-hidden="true" />
                <span>{note}</span>
              </p>
            ))}
          </div>
        </div>
        <div className="border-t border-slate-100 px-4 pt-3 pb-4 sm:px-5">
          {editing ? (
            <ComicEditForm
              comicName={name}
              initial={editableFields(comic)}
              initialGrader={graderOf(comic)}
              flagged={flagged}
              initialErrors={errors}
              onSave={onSave}
              onCancel={onCancel}
            />
          ) : (
            <ComicDetails comic={comic} flagged={flagged} />
          )}
          {readerNotes.length > 0 && !editing && (
            <ul className="mt-2 list-disc pl-5 text-xs text-slate-600">
              {readerNotes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </div>
      </Card>
    </li>
  );
}
