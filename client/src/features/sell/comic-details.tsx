import type { ReactNode } from 'react';
import { formatCents, parseMoneyToCents } from '../../../../shared/money';
import { CheckMarker } from './check-marker';
import { FIELD_LABELS, type DraftComic, type EditableField } from './draft-comic';
import { EstimateBasis } from './estimate-basis';

function Row({ label, flagged, children }: { label: string; flagged: boolean; children: ReactNode }) {
  return (
    <div
      className={
        flagged ? 'rounded-lg bg-amber-50 px-2 py-1.5 ring-1 ring-amber-300 ring-inset' : 'px-2 py-1.5'
      }
    >
      <dt className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {label}
        {flagged && <CheckMarker className="tracking-normal normal-case" />}
      </dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Missing() {
  return <span className="text-slate-500 italic">Not entered</span>;
}

/** The estimated value as the card shows it: dollars with cents, or a word while there is none. */
export function estimatedValueText(value: string): string | null {
  const cents = parseMoneyToCents(value);
  return cents === null ? null : formatCents(cents);
}

/** The read-only view of a comic card: every field, low-confidence ones marked "Please check". */
export function ComicDetails({ comic, flagged }: { comic: DraftComic; flagged: ReadonlySet<EditableField> }) {
  const value = estimatedValueText(comic.estimatedValue);
  const { grader, labelType, pageQuality, keyComments } = comic.labelDetails;
  const field = (name: EditableField) => comic[name] || <Missing />;
  return (
    <dl className="grid gap-1 sm:grid-cols-2">
      <Row label={FIELD_LABELS.title} flagged={flagged.has('title')}>
        {field('title')}
      </Row>
      <Row label={FIELD_LABELS.issueNumber} flagged={flagged.has('issueNumber')}>
        {field('issueNumber')}
      </Row>
      <Row label={FIELD_LABELS.publisher} flagged={flagged.has('publisher')}>
        {field('publisher')}
      </Row>
      <Row label={FIELD_LABELS.publicationYear} flagged={flagged.has('publicationYear')}>
        {field('publicationYear')}
      </Row>
      <Row label={FIELD_LABELS.cgcGrade} flagged={flagged.has('cgcGrade')}>
        {comic.cgcGrade ? (
          <>
            {grader && grader !== 'CGC' ? `${grader} ` : ''}
            <span className="font-semibold">{comic.cgcGrade}</span>
            {pageQuality && <span className="text-slate-600"> · {pageQuality.toLowerCase()} pages</span>}
            {labelType && <span className="text-slate-600"> · {labelType}</span>}
          </>
        ) : (
          <Missing />
        )}
      </Row>
      <Row label={FIELD_LABELS.cgcCertNumber} flagged={flagged.has('cgcCertNumber')}>
        {comic.cgcCertNumber ? <span className="font-mono">{comic.cgcCertNumber}</span> : <Missing />}
      </Row>
      <Row label={FIELD_LABELS.estimatedValue} flagged={false}>
        {value ?? <span className="text-slate-600">Our team will value it</span>}
        <EstimateBasis estimatedValue={comic.estimatedValue} note={comic.marketEstimate} />
      </Row>
      {(comic.variant || flagged.has('variant')) && (
        <Row label={FIELD_LABELS.variant} flagged={flagged.has('variant')}>
          {field('variant')}
        </Row>
      )}
      {keyComments && (
        <Row label="Key Comments" flagged={false}>
          <span className="whitespace-pre-line">{keyComments}</span>
        </Row>
      )}
      {comic.notes && (
        <div className="sm:col-span-2">
          <Row label={FIELD_LABELS.notes} flagged={false}>
            <span className="whitespace-pre-line">{comic.notes}</span>
          </Row>
        </div>
      )}
    </dl>
  );
}
