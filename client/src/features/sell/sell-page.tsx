import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ShieldCheck, TriangleAlert, X } from 'lucide-react';
import { FILE_INPUT_ACCEPT, MAX_FILES_PER_DROP } from '../../../../shared/limits';
import { useDocumentTitle } from '../../app/use-document-title';
import { toast } from '../../ui/use-toast';
import { displayName, useCurrentUser } from '../auth/current-user';
import { BatchTracker, batchSummaryToast } from './batch-summary';
import { draftCertNumbers } from './cert-notes';
import { loadComicValidation } from './comic-rules-loader';
import { ComicsList } from './comics-list';
import { blankComic, comicFromExtraction, comicName, type ComicFields, type DraftComic } from './draft-comic';
import { checkDroppedFiles, dropProblemsToast, nameList } from './file-checks';
import { scrollIntoViewGently } from './gentle-scroll';
import { ScrollToSubmitButton } from './scroll-to-submit-button';
import { SELL_PAGE_CLASS, SellIntro } from './sell-intro';
import { SellSteps } from './sell-steps';
import { SubmitPanel } from './submit-panel';
import { comicAddedDescription, SELL_DELAYS_MS } from './submit-rules';
import { UploadList } from './upload-list';
import { uploadPhoto } from './upload-photo';
import { asSentence, describeUploadError, isRefusedFile, UploadQueue } from './upload-queue';
import { UploadError } from './upload-photo';
import { UploadZone } from './upload-zone';
import { useEarlierCerts } from './use-earlier-certs';
import { estimateFieldsKey, estimateRequest, fetchEstimate, needsNewEstimate } from './re-estimate';
import { useSellDraft } from './use-sell-draft';
import { useSubmitFlow } from './use-submit-flow';
import {
  clearSignInReturn,
  readInterruptedUploads,
  readSignInReturn,
  rememberUploadsInFlight,
  sessionNotes,
} from './session-notes';

// Opened only when a seller without a payment email submits: its dialog code loads then.
const PaymentEmailDialog = lazy(() =>
  import('./payment-email-dialog').then((m) => ({ default: m.PaymentEmailDialog })),
);

/** The spec's toast title for a file the server refused, by status. */
function refusedFileTitle(error: unknown): string {
  if (error instanceof UploadError && error.status === 415) return 'Invalid File Type';
  if (error instanceof UploadError && error.status === 413) return 'File Too Large';
  return 'Upload Failed';
}

const UPLOAD_RULES = `JPEG, PNG, GIF, WebP or HEIC · up to 10MB each · up to ${MAX_FILES_PER_DROP} photos at a time`;

/** The seller submission page (/sell, spec section 2 "Seller submission"). */
export function SellPage() {
  useDocumentTitle('Sell Your Comics');
  const { user, isLoading: accountLoading } = useCurrentUser();
  const draft = useSellDraft(accountLoading ? undefined : (user?.id ?? null));
  // Back from sign-in: the Terms box stays as the seller left it, and the page returns to the submit panel.
  const [signInReturn] = useState(() => readSignInReturn(sessionNotes()));
  const [termsAccepted, setTermsAccepted] = useState(signInReturn?.termsAccepted ?? false);
  // Photos that were still uploading when the page reloaded or was left: named, so they can be picked again.
  const [interrupted, setInterrupted] = useState(() => readInterruptedUploads(sessionNotes()));
  const earlierCerts = useEarlierCerts(draftCertNumbers(draft.comics), Boolean(user));
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLElement>(null);
  const uploadsRef = useRef<HTMLElement>(null);
  const submitRef = useRef<HTMLElement>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The comics list scrolls into view 100 ms after a comic is added (spec), unless the seller is busy
  // editing a card or already looking at the list: yanking the page away mid-typing helps no one.
  const latestEditing = useRef(draft.editingIds);
  useEffect(() => {
    latestEditing.current = draft.editingIds;
  }, [draft.editingIds]);
  const scrollListIntoView = useCallback(() => {
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      const list = listRef.current;
      if (!list || latestEditing.current.size > 0) return;
      const top = list.getBoundingClientRect().top;
      const onScreen = top >= 0 && top < window.innerHeight * 0.6;
      if (onScreen) return;
      scrollIntoViewGently(list, 'start');
    }, SELL_DELAYS_MS.scrollToList);
  }, []);
  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  const [queue] = useState(() => new UploadQueue({ upload: uploadPhoto }));
  const [batches] = useState(() => new BatchTracker());
  const uploads = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const uploadsBusy = uploads.some((item) => item.status !== 'processed');
  // Leaving the page cancels uploads in flight; their answers would have nowhere to go. The names of the
  // unfinished ones stay noted (the note is written on every change, and not cleared by this reset).
  useEffect(() => {
    const storage = sessionNotes();
    // The notes read above are used once: a later reload must not show them again.
    rememberUploadsInFlight(storage, []);
    clearSignInReturn(storage);
    const unsubscribe = queue.subscribe(() =>
      rememberUploadsInFlight(
        storage,
        queue
          .getSnapshot()
          .filter((item) => item.status !== 'processed')
          .map((item) => item.fileName),
      ),
    );
    return () => {
      unsubscribe();
      queue.reset();
      batches.clear();
    };
  }, [queue, batches]);

  // A reload or a closed tab would lose the photos still uploading: the browser asks first.
  useEffect(() => {
    if (!uploadsBusy) return;
    function onBeforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [uploadsBusy]);

  // Back from sign-in: bring the submit panel into view once the account and the draft are known.
  const returnedToSubmit = useRef(false);
  useEffect(() => {
    if (!signInReturn || accountLoading || returnedToSubmit.current) return;
    returnedToSubmit.current = true;
    const panel = submitRef.current;
    if (!panel) return;
    scrollIntoViewGently(panel, 'center');
    panel.focus({ preventScroll: true });
  }, [signInReturn, accountLoading]);

  // Each processed photo becomes a comic: the reader's fields, or the spec's blank entry when the label
  // could not be read. A file the server refused (not an image, empty, too large) becomes nothing.
  const addComic = draft.add;
  useEffect(() => {
    queue.onSettled((item, outcome) => {
      const stillWorking = queue
        .getSnapshot()
        .some((other) => other.id !== item.id && other.status !== 'processed');
      if (!stillWorking) setAnnouncement('All photos processed. Review the details of your comics below.');
      const inBatch = batches.has(item.id);
      if (!outcome.ok && isRefusedFile(outcome.error)) {
        const message = describeUploadError(outcome.error);
        const summary = batches.settle(item.id, { kind: 'refused', fileName: item.fileName });
        if (summary) toast(batchSummaryToast(summary));
        else if (!inBatch) {
          toast({
            title: refusedFileTitle(outcome.error),
            description: asSentence(message),
            variant: 'destructive',
          });
        }
        return { succeeded: false, refused: true, error: message };
      }
      const comic: DraftComic = outcome.ok ? comicFromExtraction(outcome.data) : blankComic();
      addComic(comic);
      scrollListIntoView();
      if (inBatch) {
        // The rules were asked for when the batch started; then() keeps the items in settling order.
        // Should they fail to load, the summary says the comic needs a look rather than losing it.
        void loadComicValidation()
          .then(
            ({ validateDraftForSubmit }) => validateDraftForSubmit([comic]).length > 0,
            () => true,
          )
          .then((needsDetails) => {
            const summary = batches.settle(item.id, { kind: 'added', needsDetails });
            if (summary) toast(batchSummaryToast(summary));
          });
      } else if (comic.extractionFailed) {
        toast({
          title: 'Extraction Failed',
          description:
            'Could not extract comic data. A blank entry has been added for you to fill in manually.',
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Comic Data Extracted',
          description: 'Please ensure to review any extracted values for accuracy before submitting.',
        });
        toast({ title: 'Comic Added!', description: comicAddedDescription(comic.title, comic.issueNumber) });
      }
      return { succeeded: !comic.extractionFailed };
    });
  }, [addComic, batches, queue, scrollListIntoView]);

  /** After a save that changed what the estimate rests on: value the corrected comic again. */
  async function reEstimate(before: DraftComic, saved: ComicFields) {
    if (!needsNewEstimate(before, saved)) return;
    const askedFor = estimateFieldsKey(saved);
    const request = estimateRequest(saved, before.labelDetails.labelType);
    if (!request) {
      // No title, issue or grade to look up: the reader's value no longer describes this comic.
      draft.setEstimate(before.id, askedFor, '', null);
      return;
    }
    try {
      const estimate = await fetchEstimate(request);
      const note =
        estimate.estimatedValue && estimate.estimateBasis
          ? { value: estimate.estimatedValue, basis: estimate.estimateBasis }
          : null;
      draft.setEstimate(before.id, askedFor, estimate.estimatedValue ?? '', note);
      setAnnouncement(
        note
          ? `Estimated value updated to $${note.value}, ${note.basis}.`
          : 'No market data for the corrected comic: the estimated value was cleared.',
      );
    } catch {
      // The old value stays; it is only an estimate, and staff value every comic again anyway.
      toast({
        title: 'Estimate Not Updated',
        description: 'The estimated value could not be updated. You can enter it yourself.',
        variant: 'destructive',
      });
    }
  }

  function onFiles(files: File[]) {
    const check = checkDroppedFiles(files);
    const { accepted } = check;
    const problems = dropProblemsToast(check, files.length);
    if (problems) toast({ ...problems, variant: 'destructive' });
    if (accepted.length === 0) return;
    setInterrupted([]);
    batches.start(queue.add(accepted).map((item) => item.id));
    // Photos are going up: the comic rules will be needed when they are read.
    void loadComicValidation().catch(() => undefined);
    // On a phone the file picker returns to a page whose upload list is below the fold: bring it up so
    // the seller sees their photos being read instead of an unchanged screen.
    setTimeout(() => {
      if (uploadsRef.current) scrollIntoViewGently(uploadsRef.current, 'nearest');
    }, SELL_DELAYS_MS.scrollToList);
    setAnnouncement(
      accepted.length === 1 ? `Uploading ${accepted[0]!.name}.` : `Uploading ${accepted.length} photos.`,
    );
  }

  const flow = useSubmitFlow({
    draft,
    user: user ? { id: user.id, paymentEmail: user.paymentEmail ?? null } : null,
    termsAccepted,
    resetUploads: () => queue.reset(),
  });

  // Once opened, the dialog stays mounted so it can close with its animation and return focus.
  const [paymentDialogUsed, setPaymentDialogUsed] = useState(false);
  if (flow.paymentDialogOpen && !paymentDialogUsed) setPaymentDialogUsed(true);

  return (
    <div className={SELL_PAGE_CLASS}>
      <SellIntro />

      <div className="mt-8">
        <SellSteps />
      </div>

      <div className="mt-10 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_27rem]">
        <div className="grid gap-6">
          <section aria-labelledby="upload-heading" className="grid gap-4">
            <h2 id="upload-heading" className="text-2xl font-bold text-slate-950">
              Upload Photos
            </h2>
            {interrupted.length > 0 && (
              <div
                role="alert"
                className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              >
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <p className="flex-1">
                  {interrupted.length === 1
                    ? `${interrupted[0]} did not finish uploading before the page was left. Please choose it again.`
                    : `${interrupted.length} photos did not finish uploading before the page was left: ${nameList(interrupted, 5)}. Please choose them again.`}
                </p>
                <button
                  type="button"
                  onClick={() => setInterrupted([])}
                  aria-label="Dismiss"
                  className="grid size-8 shrink-0 place-items-center rounded-md text-amber-900 hover:bg-amber-100 focus-visible:outline-3 focus-visible:outline-blue-600"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </div>
            )}
            <UploadZone accept={FILE_INPUT_ACCEPT} rules={UPLOAD_RULES} onFiles={onFiles} />
            <p className="flex items-start gap-2 text-xs text-slate-600">
              <ShieldCheck className="size-4 shrink-0 text-green-700" aria-hidden="true" />
              Your photos are private: only you and our staff can see them. Location data is removed when they
              are stored.
            </p>
            <UploadList ref={uploadsRef} items={uploads} />
          </section>
          <ComicsList
            ref={listRef}
            comics={draft.comics}
            editingIds={draft.editingIds}
            errorsById={draft.errorsById}
            onEdit={(id) => draft.startEditing(id)}
            onCancel={draft.stopEditing}
            earlierCerts={earlierCerts}
            onSave={(id, fields, grader) => {
              const before = draft.comics.find((comic) => comic.id === id);
              draft.save(id, fields, grader);
              toast({ title: 'Comic Updated', description: 'Your changes have been saved.' });
              if (before) void reEstimate(before, fields);
            }}
            onRemove={(id) => {
              const index = draft.comics.findIndex((comic) => comic.id === id);
              const removed = draft.comics[index];
              draft.remove(id);
              toast({
                title: 'Comic Removed',
                description: 'The comic has been removed from your submission.',
                ...(removed && {
                  action: {
                    label: 'Undo',
                    altText: 'Undo the removal: upload the photo again to add the comic back.',
                    onClick: () => {
                      draft.insert(removed, index);
                      setAnnouncement(`${comicName(removed, index + 1)} restored.`);
                    },
                  },
                }),
              });
              if (removed) setAnnouncement(`${comicName(removed, index + 1)} removed.`);
              // The removed card held the focus; give it to the list heading instead of the page's top.
              document.getElementById('comics-heading')?.focus();
            }}
          />
        </div>
        <div className="lg:sticky lg:top-24">
          <SubmitPanel
            ref={submitRef}
            comicCount={draft.comics.length}
            signedInAs={user ? displayName(user) : null}
            termsAccepted={termsAccepted}
            onTermsChange={setTermsAccepted}
            submitting={flow.submitting}
            uploadsBusy={uploadsBusy}
            accountLoading={accountLoading}
            onSubmit={flow.submit}
          />
        </div>
      </div>

      <ScrollToSubmitButton target={submitRef} comicCount={draft.comics.length} />
      {(flow.paymentDialogOpen || paymentDialogUsed) && (
        <Suspense fallback={null}>
          <PaymentEmailDialog
            open={flow.paymentDialogOpen}
            onOpenChange={flow.setPaymentDialogOpen}
            onSaved={flow.onPaymentEmailSaved}
          />
        </Suspense>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
