import { useId, useState, type FormEvent } from 'react';
import { ExternalLink } from 'lucide-react';
import { identifyTrackingNumber, normalizeTrackingNumber, trackingUrl } from '../../../../shared/carriers';
import { CARRIERS, type Carrier } from '../../../../shared/domain-values';
import type { Submission } from '../../../../shared/schemas/submission';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { useSaveTracking } from './submissions-api';

/** The saved tracking number with a link to the carrier's tracking page (when the carrier has one). */
export function CurrentTracking({ submission }: { submission: Submission }) {
  if (!submission.trackingId) return null;
  const href = trackingUrl(submission.carrier, submission.trackingId);
  return (
    <p className="text-sm text-slate-800" data-testid="current-tracking">
      Tracking ID: <span className="font-mono font-semibold break-all">{submission.trackingId}</span>
      {submission.carrier && <> ({submission.carrier})</>}
      {href && (
        <>
          {' '}
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-red-700 underline underline-offset-4"
          >
            Track package
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </>
      )}
    </p>
  );
}

/**
 * The tracking number input, the carrier picker (set as the seller types, from the carriers' patterns
 * and check digits) and 'Save & Ship'. A number that fails its carrier's check digit is flagged but can
 * still be saved: the seller holds the receipt, we only hold a rule.
 */
export function TrackingForm({ submission }: { submission: Submission }) {
  const inputId = useId();
  const carrierId = useId();
  const hintId = useId();
  const [trackingId, setTrackingId] = useState(submission.trackingId ?? '');
  const [carrier, setCarrier] = useState<Carrier>(submission.carrier ?? 'Other');
  const save = useSaveTracking();
  const identity = identifyTrackingNumber(trackingId);
  const blank = trackingId.trim() === '';

  function onChange(value: string) {
    setTrackingId(value);
    const detected = identifyTrackingNumber(value).carrier;
    if (detected) setCarrier(detected);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Spec: trimmed, and nothing is sent when blank. Spaces inside are dropped too (sellers copy numbers
    // as printed, '1Z5R 8939 ...'), so staff search, check-in and the carrier link see one form.
    const value = normalizeTrackingNumber(trackingId);
    if (value === '') return;
    save.mutate({ submissionId: submission.id, trackingId: value, carrier });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={inputId}>Tracking ID</Label>
          <Input
            id={inputId}
            value={trackingId}
            onChange={(event) => onChange(event.target.value)}
            placeholder="e.g. 1Z999AA10123456784"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={carrierId}>Carrier</Label>
          <select
            id={carrierId}
            value={carrier}
            onChange={(event) => setCarrier(event.target.value as Carrier)}
            className="h-11 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:border-blue-600 focus-visible:outline-3 focus-visible:outline-blue-600/40"
          >
            {CARRIERS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={hintId} aria-live="polite" className="min-h-5 text-sm">
        {identity.warning ? (
          <span className="font-semibold text-amber-900">
            {identity.warning}. Please check it; you can still save it.
          </span>
        ) : identity.check === 'valid' ? (
          <span className="text-green-800">Looks like a valid {identity.carrier} number.</span>
        ) : null}
      </p>
      <div>
        <Button type="submit" disabled={blank || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save & Ship'}
        </Button>
      </div>
    </form>
  );
}
