import { ACTOR_ROLES, type ActorRole } from '../../../shared/lifecycle/actions.js';
import {
  allowedComicActions,
  allowedSubmissionActions,
  type ComicState,
  type LifecycleViewer,
} from '../../../shared/lifecycle/submission-lifecycle.js';
import {
  timelineEventSchema,
  type Submission,
  type TimelineEvent,
} from '../../../shared/schemas/submission.js';
import { imageUrl } from '../images/routes.js';
import { readingOfComic } from '../extraction/kept-readings.js';
import { readingDifferences } from '../../../shared/reading-differences.js';
import type { EventActor, SubmissionRecord } from './submission-repository.js';

/** Who is looking at a submission: the response is shaped for them (allowed actions, names, drafts). */
export interface SubmissionAudience {
  /** The signed-in user's id. */
  userId: string;
  /** Staff (role admin) see everything and the names of everyone who acted. */
  isStaff: boolean;
  /** What sellers see as the actor of staff's events (config.site.businessName). */
  businessName: string;
}

// Offer drafting: staff may change offers freely until they mark the submission processed.
const DRAFTING_ACTIONS = new Set(['make_offer', 'edit_offer', 'reject']);

/** A person's display name: "First Last", else the username, else the email. */
function displayName(actor: NonNullable<EventActor>): string {
  const name = [actor.firstName, actor.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || actor.username || actor.email;
}

/** The actor's name as this audience may see it. */
function actorName(role: ActorRole, actor: EventActor, audience: SubmissionAudience): string | null {
  if (role === 'system') return null;
  if (audience.isStaff) return actor ? displayName(actor) : null;
  if (actor?.id === audience.userId) return 'You';
  // Sellers never learn which staff member acted: staff act for the business.
  return role === 'admin' ? audience.businessName : null;
}

const detailsSchema = timelineEventSchema.shape.details;

/**
 * The submission's history for this audience, oldest first. Sellers do not see staff's offer drafts
 * while the submission is still being reviewed; once it is processed they see, per comic, the offer
 * (or rejection) as it was sent, not every edit before it.
 */
function presentTimeline(record: SubmissionRecord, audience: SubmissionAudience): TimelineEvent[] {
  let events = record.events;
  if (!audience.isStaff) {
    const processed = events.some(({ event }) => event.action === 'mark_processed');
    const lastDraft = new Map<string, number>();
    for (const { event } of events) {
      if (DRAFTING_ACTIONS.has(event.action) && event.comicId) lastDraft.set(event.comicId, event.id);
    }
    events = events.filter(
      ({ event }) =>
        !DRAFTING_ACTIONS.has(event.action) ||
        (processed && event.comicId !== null && lastDraft.get(event.comicId) === event.id),
    );
  }
  return events.map(({ event, actor }) => {
    const role: ActorRole = (ACTOR_ROLES as readonly string[]).includes(event.actorRole ?? '')
      ? (event.actorRole as ActorRole)
      : 'system';
    const details = detailsSchema.safeParse({
      ...event.payload,
      ...(event.reason ? { reason: event.reason } : {}),
    });
    return {
      id: event.id,
      at: event.createdAt.toISOString(),
      action: event.action,
      actorRole: role,
      actorName: actorName(role, actor, audience),
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      comicId: event.comicId,
      details: details.success ? details.data : {},
    };
  });
}

type ComicRecord = SubmissionRecord['comics'][number]['comic'];

/**
 * Staff only: what the seller changed from the kept reading of the comic's photo, and the reader's
 * notes on it. Both null for sellers and when no reading was kept; the reading is parsed once.
 */
function presentReading(
  comic: ComicRecord,
  isStaff: boolean,
): Pick<Submission['comics'][number], 'readerDifferences' | 'readerNotes'> {
  const reading = isStaff ? readingOfComic(comic.extraction) : null;
  return {
    readerDifferences: reading ? readingDifferences(comic, reading) : null,
    readerNotes: reading?.notes ?? null,
  };
}

/**
 * The API shape of a submission (shared/schemas/submission.ts: spec section 3 "Submission" and
 * "Comic") for one audience, with money as integer cents (`*Cents`), dates as ISO strings, the
 * actions the audience may take now, and the timeline.
 */
export function presentSubmission(record: SubmissionRecord, audience: SubmissionAudience): Submission {
  const { submission, seller } = record;
  const viewer: LifecycleViewer = {
    isOwner: submission.userId === audience.userId,
    isStaff: audience.isStaff,
  };
  // Offers are drafts until staff mark the submission processed: sellers see them from then on.
  const hideOffers = !audience.isStaff && submission.processedAt === null;
  const comicStates: ComicState[] = record.comics.map(({ comic }) => ({
    id: comic.id,
    adminStatus: comic.adminStatus,
    cashOfferCents: comic.cashOfferCents,
    storeCreditOfferCents: comic.storeCreditOfferCents,
    userResponse: comic.userResponse,
  }));
  return {
    id: submission.id,
    userId: submission.userId,
    status: submission.status,
    createdAt: submission.createdAt.toISOString(),
    totalEstimatedValueCents: submission.totalEstimatedValueCents,
    totalCashOfferCents: hideOffers ? null : submission.totalCashOfferCents,
    totalStoreCreditOfferCents: hideOffers ? null : submission.totalStoreCreditOfferCents,
    trackingId: submission.trackingId,
    carrier: submission.carrier,
    disputeMessage: submission.disputeMessage,
    paypalTransactionId: submission.paypalTransactionId,
    storeCreditReference: submission.storeCreditReference,
    processedAt: submission.processedAt?.toISOString() ?? null,
    shippedAt: submission.shippedAt?.toISOString() ?? null,
    receivedAt: submission.receivedAt?.toISOString() ?? null,
    paidAt: submission.paidAt?.toISOString() ?? null,
    allowedActions: allowedSubmissionActions(viewer, { status: submission.status, comics: comicStates }),
    timeline: presentTimeline(record, audience),
    user: {
      username: seller.username,
      firstName: seller.firstName,
      lastName: seller.lastName,
      email: seller.email,
      paymentEmail: seller.paymentEmail,
      storeEmail: seller.storeEmail,
    },
    comics: record.comics.map(({ comic, images }, index) => ({
      id: comic.id,
      title: comic.title,
      issueNumber: comic.issueNumber,
      publisher: comic.publisher,
      publicationYear: comic.publicationYear,
      cgcGrade: comic.cgcGrade,
      cgcCertNumber: comic.cgcCertNumber,
      variant: comic.variant,
      keyIssue: comic.keyIssue,
      notes: comic.notes,
      imageUrls: images.map((image) => imageUrl(image.id)),
      thumbnailUrls: images.map((image) => `${imageUrl(image.id)}/thumbnail`),
      confidence: comic.confidence,
      estimatedValueCents: comic.estimatedValueCents,
      cashOfferCents: hideOffers ? null : comic.cashOfferCents,
      storeCreditOfferCents: hideOffers ? null : comic.storeCreditOfferCents,
      userResponse: comic.userResponse,
      adminStatus: comic.adminStatus,
      createdAt: comic.createdAt.toISOString(),
      allowedActions: allowedComicActions(viewer, submission.status, comicStates[index]!),
      ...presentReading(comic, audience.isStaff),
    })),
  };
}
