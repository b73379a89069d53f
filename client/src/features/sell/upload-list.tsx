import type { Ref } from 'react';
import { CheckCircle2, Clock, FileImage, Loader2, XCircle } from 'lucide-react';
import { Badge } from '../../ui/badge';
import { uploadStageText, type UploadItem } from './upload-queue';

function StatusBadge({ item }: { item: UploadItem }) {
  if (item.status === 'pending') {
    return (
      <Badge variant="neutral">
        <Clock className="size-3" aria-hidden="true" />
        Pending
      </Badge>
    );
  }
  if (item.status === 'processing') {
    return (
      <Badge variant="info">
        <Loader2 className="size-3 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        Processing
      </Badge>
    );
  }
  // Processed whether or not the label was read (spec); the icon and the line below tell which.
  return (
    <Badge variant={item.succeeded ? 'success' : item.refused ? 'neutral' : 'warning'}>
      {item.succeeded ? (
        <CheckCircle2 className="size-3" aria-hidden="true" />
      ) : (
        <XCircle className="size-3" aria-hidden="true" />
      )}
      Processed
    </Badge>
  );
}

/** The per-file list under the drop zone: name, the spec's badge, and what is happening (with upload %). */
export function UploadList({ items, ref }: { items: readonly UploadItem[]; ref?: Ref<HTMLElement> }) {
  if (items.length === 0) return null;
  const done = items.filter((item) => item.status === 'processed').length;
  return (
    <section
      ref={ref}
      aria-labelledby="uploads-heading"
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="uploads-heading" className="text-sm font-bold text-slate-950">
          Photos
        </h2>
        <p className="text-xs font-medium text-slate-600">
          {done} of {items.length} processed
        </p>
      </div>
      <ul className="mt-3 divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.id} className="flex items-start gap-3 py-2.5">
            <FileImage className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <div className="flex items-center justify-between gap-2">
                <p className="truncate text-sm font-medium text-slate-900" title={item.fileName}>
                  {item.fileName}
                </p>
                <StatusBadge item={item} />
              </div>
              <p className="mt-0.5 text-xs text-slate-600">{uploadStageText(item)}</p>
              {item.stage === 'uploading' && (
                <progress
                  className="mt-1.5 h-1.5 w-full appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-red-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-red-600"
                  max={100}
                  value={item.progress}
                  aria-label={`Upload of ${item.fileName}`}
                />
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
