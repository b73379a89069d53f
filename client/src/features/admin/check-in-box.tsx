import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Camera, Loader2, PackageCheck } from 'lucide-react';
import { Link } from 'wouter';
import { shortReference } from '../../../../shared/short-reference';
import type { Submission } from '../../../../shared/schemas/submission';
import { submissionStatusLabel } from '../../../../shared/status-labels';
import { ApiError, errorToastMessage } from '../../lib/api-request';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { ADMIN_ACTIONS, lookUpCheckIn, useAdminAction } from './admin-api';
import { CameraScanner } from './camera-scanner';

/** The key that puts the cursor in the check-in box from anywhere on the dashboard. */
export const CHECK_IN_SHORTCUT = 'c';

type Lookup =
  | { kind: 'idle' }
  | { kind: 'looking' }
  | { kind: 'problem'; message: string }
  | { kind: 'found'; submission: Submission }
  | { kind: 'several'; matches: Submission[] };

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

const acceptedComics = (submission: Submission) =>
  submission.comics.filter(
    (comic) => comic.adminStatus === 'accepted_cash' || comic.adminStatus === 'accepted_credit',
  );

/**
 * Package check-in at the counter: a USB scanner types the label's 'AC' + REF and Enter (or staff
 * type a tracking number); the box shows what should be in the package, and Enter once more marks it
 * received. An unknown code or a submission not waiting for its package changes nothing.
 */
export function CheckInBox() {
  const [code, setCode] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  const [scanning, setScanning] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const resultId = useId();
  const found = lookup.kind === 'found' ? lookup.submission : null;
  const canReceive = found?.allowedActions.includes('mark_received') ?? false;
  const markReceived = useAdminAction(ADMIN_ACTIONS.markReceived, found?.id ?? '');

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== CHECK_IN_SHORTCUT || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      inputRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  async function find(value: string) {
    const trimmed = value.trim();
    if (!trimmed) return;
    setLookup({ kind: 'looking' });
    try {
      const { matches } = await lookUpCheckIn(trimmed);
      setLookup(
        matches.length === 1 ? { kind: 'found', submission: matches[0]! } : { kind: 'several', matches },
      );
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 404
          ? `No submission matches "${trimmed}". Nothing was changed.`
          : errorToastMessage(error, 'The lookup failed. Please try again.');
      setLookup({ kind: 'problem', message });
    } finally {
      setCode('');
      inputRef.current?.focus();
    }
  }

  function receive() {
    if (!found || !canReceive || markReceived.isPending) return;
    markReceived.mutate(
      { id: found.id },
      {
        onSuccess: () =>
          setLookup({
            kind: 'problem',
            message: `#${shortReference(found.id)} checked in: now inspecting comics.`,
          }),
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // An empty box plus Enter confirms the package found by the last scan.
    if (!code.trim()) receive();
    else void find(code);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') setLookup({ kind: 'idle' });
  }

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-950">
        <PackageCheck className="size-5 text-red-600" aria-hidden="true" />
        Check in a package
      </h2>
      <form onSubmit={submit} className="mt-3 grid gap-1.5">
        <Label htmlFor={inputId}>
          Scan the label or type its code or tracking number{' '}
          <span className="font-normal text-slate-600">
            (press <kbd className="rounded border border-slate-300 px-1">C</kbd> to jump here)
          </span>
        </Label>
        <div className="flex flex-wrap gap-2">
          <Input
            ref={inputRef}
            id={inputId}
            value={code}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            placeholder="AC3F2A9C1E or 1Z..."
            aria-describedby={resultId}
            className="min-w-0 flex-1 font-mono"
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" variant="secondary">
            Find
          </Button>
          <Button type="button" variant="outline" onClick={() => setScanning(true)}>
            <Camera aria-hidden="true" />
            Scan with camera
          </Button>
        </div>
      </form>
      {scanning && (
        <CameraScanner
          onResult={(value) => {
            setScanning(false);
            void find(value);
          }}
          onClose={() => setScanning(false)}
        />
      )}
      <div id={resultId} aria-live="polite" className="mt-3">
        {lookup.kind === 'looking' && (
          <p className="flex items-center gap-2 text-slate-700">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Looking it up...
          </p>
        )}
        {lookup.kind === 'problem' && <p className="font-semibold text-slate-900">{lookup.message}</p>}
        {lookup.kind === 'several' && (
          <div>
            <p className="font-semibold text-slate-900">
              This code matches {lookup.matches.length} submissions:
            </p>
            <ul className="mt-1 list-disc pl-5">
              {lookup.matches.map((match) => (
                <li key={match.id}>
                  <Link href={`/admin/submissions/${match.id}`} className="text-red-700 underline">
                    #{shortReference(match.id)}
                  </Link>{' '}
                  ({submissionStatusLabel(match.status, 'admin') ?? match.status})
                </li>
              ))}
            </ul>
          </div>
        )}
        {found && (
          <div className="rounded-lg border border-slate-200 p-3">
            <p className="font-semibold text-slate-950">
              <Link href={`/admin/submissions/${found.id}`} className="text-red-700 underline">
                #{shortReference(found.id)}
              </Link>{' '}
              from {found.user?.username ?? found.user?.email ?? 'unknown seller'}:{' '}
              {submissionStatusLabel(found.status, 'admin') ?? found.status}
            </p>
            <p className="mt-1 text-sm text-slate-700">
              Should contain {acceptedComics(found).length} comic(s):
            </p>
            <ul className="mt-1 list-disc pl-5 text-sm text-slate-900">
              {acceptedComics(found).map((comic) => (
                <li key={comic.id}>
                  {comic.title} #{comic.issueNumber}
                  {comic.cgcGrade !== null ? ` (${comic.cgcGrade.toFixed(1)})` : ''}
                  {comic.cgcCertNumber ? `, cert ${comic.cgcCertNumber}` : ''}
                </li>
              ))}
            </ul>
            {canReceive ? (
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <Button onClick={receive} disabled={markReceived.isPending}>
                  {markReceived.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
                  Mark as Received
                </Button>
                <span className="text-sm text-slate-700">or press Enter in the box above</span>
              </div>
            ) : (
              <p className="mt-2 font-semibold text-red-800">
                This submission is not waiting for its package (status{' '}
                {submissionStatusLabel(found.status, 'admin') ?? found.status}). Nothing was changed.
              </p>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
