import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ShieldCheck } from 'lucide-react';
import { FILE_INPUT_ACCEPT, MAX_FILES_PER_DROP } from '../../../../shared/limits';
import { useDocumentTitle } from '../../app/use-document-title';
import { toast } from '../../ui/use-toast';
import { displayName, useCurrentUser } from '../auth/current-user';
import { ComicsList } from './comics-list';
import { blankComic, comicFromExtraction, comicName, type DraftComic } from './draft-comic';
import { checkDroppedFiles } from './file-checks';
import { scrollIntoViewGently } from './gentle-scroll';
import { PaymentEmailDialog } from './payment-email-dialog';
import { ScrollToSubmitButton } from './scroll-to-submit-button';
import { SellSteps } from './sell-steps';
import { SubmitPanel } from './submit-panel';
import { comicAddedDescription, SELL_DELAYS_MS } from './submit-rules';
import { UploadList } from './upload-list';
import { uploadPhoto } from './upload-photo';
import { UploadQueue } from './upload-queue';
import { UploadZone } from './upload-zone';
import { useSellDraft } from './use-sell-draft';
import { useSubmitFlow } from './use-submit-flow';

const UPLOAD_RULES = `JPEG, PNG, GIF, WebP or HEIC · up to 10MB each · up to ${MAX_FILES_PER_DROP} photos at a time`;

/** The seller submission page (/sell, spec section 2 "Seller submission"). */
export function SellPage() {
  useDocumentTitle('Sell Your Comics');
  const { user, isLoading: accountLoading } = useCurrentUser();
  const draft = useSellDraft(accountLoading ? undefined : (user?.id ?? null));
  const [termsAccepted, setTermsAccepted] = useState(false);
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
  const uploads = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  // Leaving the page cancels uploads in flight; their answers would have nowhere to go.
  useEffect(() => () => queue.reset(), [queue]);

  // Each processed photo becomes a comic: the reader's fields, or the spec's blank entry on failure.
  const addComic = draft.add;
  useEffect(() => {
    queue.onSettled((item, outcome) => {
      const comic: DraftComic = outcome.ok ? comicFromExtraction(outcome.data) : blankComic();
      addComic(comic);
      if (comic.extractionFailed) {
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
      scrollListIntoView();
      const stillWorking = queue
        .getSnapshot()
        .some((other) => other.id !== item.id && other.status !== 'processed');
      if (!stillWorking) setAnnouncement('All photos processed. Review the details of your comics below.');
      return { succeeded: !comic.extractionFailed };
    });
  }, [addComic, queue, scrollListIntoView]);

  function onFiles(files: File[]) {
    const { accepted, problems } = checkDroppedFiles(files);
    for (const problem of problems) toast({ ...problem, variant: 'destructive' });
    if (accepted.length === 0) return;
    queue.add(accepted);
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

  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-24 sm:px-6 sm:pt-12">
      <header className="max-w-3xl">
        <p className="text-sm font-bold tracking-widest text-red-700 uppercase">
          Sell to a dealer you can trust
        </p>
        <h1 className="font-display mt-2 text-4xl leading-none tracking-wide text-slate-950 uppercase sm:text-5xl">
          Sell Your Comics
        </h1>
        <p className="mt-4 text-lg text-slate-700">
          Upload photos of your graded slabs. We read each label for you, you check the details, and our team
          sends cash and store-credit offers within 24 hours.
        </p>
      </header>

      <div className="mt-8">
        <SellSteps />
      </div>

      <div className="mt-10 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid gap-6">
          <section aria-labelledby="upload-heading" className="grid gap-4">
            <h2 id="upload-heading" className="text-2xl font-bold text-slate-950">
              Upload Photos
            </h2>
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
            onSave={(id, fields) => {
              draft.save(id, fields);
              toast({ title: 'Comic Updated', description: 'Your changes have been saved.' });
            }}
            onRemove={(id) => {
              const index = draft.comics.findIndex((comic) => comic.id === id);
              const removed = draft.comics[index];
              draft.remove(id);
              toast({
                title: 'Comic Removed',
                description: 'The comic has been removed from your submission.',
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
            uploadsBusy={uploads.some((item) => item.status !== 'processed')}
            accountLoading={accountLoading}
            onSubmit={flow.submit}
          />
        </div>
      </div>

      <ScrollToSubmitButton target={submitRef} comicCount={draft.comics.length} />
      <PaymentEmailDialog
        open={flow.paymentDialogOpen}
        onOpenChange={flow.setPaymentDialogOpen}
        onSaved={flow.onPaymentEmailSaved}
      />
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
