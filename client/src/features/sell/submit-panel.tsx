import type { Ref } from 'react';
import { Link } from 'wouter';
import { Loader2, LogIn, Send, UserRound } from 'lucide-react';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Label } from '../../ui/label';
import { submitButtonLabel } from './submit-rules';

/** Props of the submit area. */
export interface SubmitPanelProps {
  comicCount: number;
  /** 'Signed in as' text (first name or email), or null for a guest. */
  signedInAs: string | null;
  termsAccepted: boolean;
  onTermsChange: (accepted: boolean) => void;
  submitting: boolean;
  /** True while photos are still being read: submitting now would leave them out. */
  uploadsBusy: boolean;
  /** True until we know whether the visitor is signed in (the button's action depends on it). */
  accountLoading: boolean;
  onSubmit: () => void;
  ref?: Ref<HTMLElement>;
}

/** The terms checkbox (linking to /terms-of-service), the account line and the submit button. */
export function SubmitPanel({
  comicCount,
  signedInAs,
  termsAccepted,
  onTermsChange,
  submitting,
  uploadsBusy,
  accountLoading,
  onSubmit,
  ref,
}: SubmitPanelProps) {
  const signedIn = signedInAs !== null;
  return (
    <section
      ref={ref}
      aria-labelledby="submit-heading"
      tabIndex={-1}
      className="scroll-mt-24 rounded-2xl border-2 border-slate-950 bg-white p-5 shadow-[6px_6px_0_0_rgb(2_6_23)] focus:outline-none sm:p-6"
    >
      <h2 id="submit-heading" className="text-xl font-bold text-slate-950">
        Submit for Evaluation
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Our team reviews every comic and sends you cash and store-credit offers within 24 hours. You decide
        what to accept.
      </p>
      <p className="mt-4 flex items-center gap-2 text-sm text-slate-800">
        <UserRound className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
        {signedIn ? (
          <span>
            Signed in as <span className="font-semibold">{signedInAs}</span>
          </span>
        ) : (
          <span>You&apos;ll sign in or create a free account next. Your comics stay in this list.</span>
        )}
      </p>
      {/* No className on the primitives here: an override would run tailwind-merge (ui/cn.ts withOverrides). */}
      <div className="mt-4 flex items-start gap-3">
        <span className="mt-0.5 flex">
          <Checkbox
            id="agree-terms"
            checked={termsAccepted}
            onCheckedChange={(checked) => onTermsChange(checked === true)}
          />
        </span>
        <Label htmlFor="agree-terms" variant="sentence">
          I agree to the{' '}
          <Link href="/terms-of-service" className="font-semibold text-red-700 underline underline-offset-2">
            Terms of Service
          </Link>
        </Label>
      </div>
      <div className="mt-5">
        <Button size="lg-block" disabled={!termsAccepted || submitting || accountLoading} onClick={onSubmit}>
          {submitting ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : signedIn ? (
            <Send aria-hidden="true" />
          ) : (
            <LogIn aria-hidden="true" />
          )}
          {submitButtonLabel({ comicCount, signedIn, submitting })}
        </Button>
      </div>
      {uploadsBusy && (
        <p className="mt-2 text-center text-xs text-slate-600">
          Some photos are still being read. Wait for them to finish so they are part of this submission.
        </p>
      )}
    </section>
  );
}
