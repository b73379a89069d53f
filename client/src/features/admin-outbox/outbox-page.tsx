import { useState } from 'react';
import { Mail } from 'lucide-react';
import type { OutboxItem } from '../../../../shared/schemas/outbox';
import type { MailStatus } from '../../../../shared/domain-values';
import { formatDate } from '../../../../shared/dates';
import { useDocumentTitle } from '../../app/use-document-title';
import { Badge, type BadgeVariant } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { AdminGate } from '../admin/admin-gate';
import { useOutboxMessage, useOutboxPages } from './outbox-request';

const STATUS: Record<MailStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Waiting', variant: 'warning' },
  sending: { label: 'Sending', variant: 'info' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
};

/** The full text of one mail, loaded when opened. */
function MessageBody({ id }: { id: string }) {
  const { data, isLoading, isError } = useOutboxMessage(id);
  if (isLoading)
    return (
      <p role="status" className="text-sm text-slate-700">
        Loading message...
      </p>
    );
  if (isError || !data) return <p className="text-sm text-red-700">Could not load this message.</p>;
  return (
    <pre className="mt-3 max-h-[32rem] overflow-auto rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-900 ring-1 ring-slate-200">
      {data.textBody}
    </pre>
  );
}

/** One mail in the list: recipient, subject, status, date, preview; opens to its full text. */
function OutboxRow({ item }: { item: OutboxItem }) {
  const [open, setOpen] = useState(false);
  const status = STATUS[item.status];
  const bodyId = `mail-${item.id}`;
  return (
    <li className="border-b border-slate-200 py-4 last:border-b-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold break-words text-slate-950">{item.subject}</h2>
          <p className="text-sm break-all text-slate-700">To: {item.toAddress}</p>
        </div>
        <div className="flex items-center gap-2">
          <Badge variant={status.variant}>{status.label}</Badge>
          <span className="text-sm text-slate-700">{formatDate(item.createdAt)}</span>
        </div>
      </div>
      {!open && <p className="mt-2 line-clamp-2 text-sm text-slate-700">{item.preview}</p>}
      {item.lastError && (
        <p className="mt-1 text-sm break-words text-red-700">
          Last error (attempt {item.attempts}): {item.lastError}
        </p>
      )}
      <Button
        variant="outline"
        size="sm"
        className="mt-2"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide message' : 'Read message'}
      </Button>
      <div id={bodyId}>{open && <MessageBody id={item.id} />}</div>
    </li>
  );
}

function OutboxList() {
  const { data, isLoading, isError, fetchNextPage, hasNextPage, isFetchingNextPage } = useOutboxPages();
  if (isLoading) return <p role="status">Loading mail...</p>;
  if (isError || !data) return <p className="text-red-700">Could not load the outbox. Please try again.</p>;
  const first = data.pages[0];
  const items = data.pages.flatMap((page) => page.items);
  const counts = first?.counts ?? {};
  return (
    <>
      {first?.delivery === 'in_app' && (
        <p className="mt-4 rounded-md bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300">
          No mail server is configured (SMTP_URL), so nothing is sent: every message your sellers and staff
          would get is kept here. Set SMTP_URL to deliver them.
        </p>
      )}
      <p className="mt-4 text-sm text-slate-700">
        {(['pending', 'sending', 'sent', 'failed'] as const)
          .map((status) => `${STATUS[status].label}: ${counts[status] ?? 0}`)
          .join(' · ')}
      </p>
      <Card className="mt-4">
        <CardContent className="pt-2">
          {items.length === 0 ? (
            <p className="py-8 text-center text-slate-700">No mail yet.</p>
          ) : (
            <ul aria-label="Mail, newest first">
              {items.map((item) => (
                <OutboxRow key={item.id} item={item} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? 'Loading...' : 'Show older mail'}
          </Button>
        </div>
      )}
    </>
  );
}

/** /admin/outbox: every mail the app wrote, for staff (works with or without an SMTP server). */
export function OutboxPage() {
  useDocumentTitle('Outbox');
  return (
    <AdminGate>
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <h1 className="flex items-center gap-2 text-3xl font-bold text-slate-950">
          <Mail className="size-7" aria-hidden="true" /> Outbox
        </h1>
        <p className="mt-2 text-slate-700">
          Every email the site has written to sellers and staff, newest first.
        </p>
        <OutboxList />
      </div>
    </AdminGate>
  );
}
