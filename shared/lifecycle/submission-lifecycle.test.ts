import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ComicAdminStatus, SubmissionStatus } from '../domain-values.js';
import { ACTION_MESSAGES } from '../schemas/submission-actions.js';
import { COMIC_ACTIONS, SUBMISSION_ACTIONS, type ComicAction, type SubmissionAction } from './actions.js';
import {
  acceptedTotals,
  allowedComicActions,
  allowedSubmissionActions,
  automaticNextStatus,
  COMIC_RULES,
  LIFECYCLE_STATUSES,
  offerTotals,
  processedComicCount,
  refuseComicAction,
  refusePayment,
  refuseSubmissionAction,
  stepComic,
  stepSubmission,
  SUBMISSION_RULES,
  TERMINAL_STATUSES,
  type ComicState,
  type LifecycleViewer,
  type SubmissionState,
} from './submission-lifecycle.js';

const owner: LifecycleViewer = { isOwner: true, isStaff: false };
const staff: LifecycleViewer = { isOwner: false, isStaff: true };
const stranger: LifecycleViewer = { isOwner: false, isStaff: false };

let nextId = 0;
function comic(adminStatus: ComicAdminStatus, overrides: Partial<ComicState> = {}): ComicState {
  nextId += 1;
  return {
    id: `c${nextId}`,
    adminStatus,
    cashOfferCents: null,
    storeCreditOfferCents: null,
    userResponse: null,
    ...overrides,
  };
}
const offered = (cash: number | null, credit: number | null) =>
  comic('pending_user_approval', { cashOfferCents: cash, storeCreditOfferCents: credit });
const state = (status: SubmissionStatus, comics: ComicState[]): SubmissionState => ({ status, comics });

describe('the table', () => {
  it('names every action of actions.ts, and only those', () => {
    expect(Object.keys(SUBMISSION_RULES).sort()).toEqual([...SUBMISSION_ACTIONS].sort());
    expect(Object.keys(COMIC_RULES).sort()).toEqual([...COMIC_ACTIONS].sort());
  });

  it('never leads into or out of a terminal or legacy status', () => {
    for (const [action, rule] of Object.entries(SUBMISSION_RULES)) {
      for (const from of Object.values(rule.from).flat()) {
        expect(TERMINAL_STATUSES, action).not.toContain(from);
        expect(LIFECYCLE_STATUSES, action).toContain(from);
      }
      if (rule.to !== 'unchanged') expect(LIFECYCLE_STATUSES).toContain(rule.to);
    }
  });
});

describe('who may act', () => {
  it('refuses a stranger everything with 403', () => {
    const s = state('awaiting_review', [comic('awaiting_review')]);
    for (const action of SUBMISSION_ACTIONS) {
      expect(refuseSubmissionAction(stranger, action, s)?.status).toBe(403);
    }
    for (const action of COMIC_ACTIONS) {
      expect(refuseComicAction(stranger, action, 'awaiting_review', s.comics[0]!)?.status).toBe(403);
    }
  });

  it('refuses the owner staff-only actions with 403 and staff the seller-only ones', () => {
    const s = state('shipped', [
      comic('accepted_cash', { cashOfferCents: 1, userResponse: 'accepted_cash' }),
    ]);
    expect(refuseSubmissionAction(owner, 'mark_received', s)).toMatchObject({ status: 403 });
    expect(refuseSubmissionAction(staff, 'user_responded', s)).toMatchObject({ status: 403 });
    expect(refuseComicAction(staff, 'accept_cash', 'pending', offered(1, 1))).toMatchObject({ status: 403 });
    expect(refuseComicAction(owner, 'make_offer', 'awaiting_review', comic('awaiting_review'))).toMatchObject(
      {
        status: 403,
      },
    );
  });

  it('lets the seller cancel only at awaiting_review, staff also later', () => {
    const pending = state('pending', [offered(100, null)]);
    expect(
      refuseSubmissionAction(owner, 'cancel', state('awaiting_review', [comic('awaiting_review')])),
    ).toBeNull();
    expect(refuseSubmissionAction(owner, 'cancel', pending)).toEqual({
      status: 409,
      message: "This submission is waiting for the seller to answer the offers, so it can't be cancelled.",
    });
    expect(refuseSubmissionAction(staff, 'cancel', pending)).toBeNull();
    for (const status of ['shipped', 'inspecting_submission', 'dispute', 'paid'] as const) {
      expect(refuseSubmissionAction(staff, 'cancel', state(status, []))?.status).toBe(409);
    }
    expect(refuseSubmissionAction(staff, 'cancel', state('shipped', []))?.message).toBe(
      "This submission has already shipped, so it can't be cancelled.",
    );
  });

  it('a staff member who is also the owner acts as either', () => {
    const both = { isOwner: true, isStaff: true };
    expect(refuseComicAction(both, 'accept_cash', 'pending', offered(100, null))).toBeNull();
    expect(refuseSubmissionAction(both, 'cancel', state('pending', [offered(1, null)]))).toBeNull();
  });
});

describe('staff review (awaiting_review)', () => {
  it('offers on new and rejected comics, edits pending ones, rejects either', () => {
    expect(allowedComicActions(staff, 'awaiting_review', comic('awaiting_review'))).toEqual([
      'make_offer',
      'reject',
    ]);
    expect(allowedComicActions(staff, 'awaiting_review', comic('rejected'))).toEqual(['make_offer']);
    expect(allowedComicActions(staff, 'awaiting_review', offered(1, 2))).toEqual(['edit_offer', 'reject']);
    expect(allowedComicActions(staff, 'pending', offered(1, 2))).toEqual([]);
    expect(refuseComicAction(staff, 'reject', 'awaiting_review', comic('rejected'))?.message).toBe(
      'This comic is already rejected.',
    );
    expect(refuseComicAction(staff, 'edit_offer', 'pending', offered(1, 1))?.message).toBe(
      'This submission is waiting for the seller to answer the offers, so offers can no longer be changed.',
    );
  });

  it('mark_processed needs every comic attended and one offered; mark_declined needs all rejected', () => {
    const unattended = state('awaiting_review', [offered(1, null), comic('awaiting_review')]);
    expect(refuseSubmissionAction(staff, 'mark_processed', unattended)?.message).toBe(
      'Every comic needs an offer or a rejection before the submission can be processed.',
    );
    const ready = state('awaiting_review', [offered(1, null), comic('rejected')]);
    expect(allowedSubmissionActions(staff, ready)).toEqual(['cancel', 'mark_processed', 'calculate_total']);
    const allRejected = state('awaiting_review', [comic('rejected'), comic('rejected')]);
    expect(allowedSubmissionActions(staff, allRejected)).toEqual([
      'cancel',
      'mark_declined',
      'calculate_total',
    ]);
    expect(stepSubmission(staff, 'mark_processed', ready)).toEqual({ refusal: null, status: 'pending' });
    expect(stepSubmission(staff, 'mark_declined', allRejected)).toEqual({
      refusal: null,
      status: 'declined',
    });
  });

  it('an offer needs an amount; a rejection clears the offers', () => {
    const fresh = comic('awaiting_review');
    expect(() => stepComic(staff, 'make_offer', state('awaiting_review', [fresh]), fresh.id)).toThrow();
    const withOffer = offered(500, 600);
    const rejected = stepComic(staff, 'reject', state('awaiting_review', [withOffer]), withOffer.id);
    expect(rejected).toMatchObject({
      refusal: null,
      change: { adminStatus: 'rejected', cashOfferCents: null, storeCreditOfferCents: null },
      status: 'awaiting_review',
      automatic: false,
    });
  });
});

describe('the seller answers (pending)', () => {
  it('answers once per comic, only with an offer of that kind', () => {
    const cashOnly = offered(100, null);
    expect(allowedComicActions(owner, 'pending', cashOnly)).toEqual(['accept_cash', 'decline']);
    expect(refuseComicAction(owner, 'accept_credit', 'pending', cashOnly)?.message).toBe(
      'This comic has no store credit offer.',
    );
    const answered = comic('accepted_cash', { cashOfferCents: 100, userResponse: 'accepted_cash' });
    expect(refuseComicAction(owner, 'decline', 'pending', answered)?.message).toBe(
      'This offer has already been answered.',
    );
    expect(refuseComicAction(owner, 'accept_cash', 'pending', comic('rejected'))?.message).toBe(
      'This comic has no offer to answer.',
    );
  });

  it('the last answer moves the submission: awaiting_shipment if anything accepted, else declined', () => {
    const a = offered(100, 120);
    const b = offered(50, null);
    const rejected = comic('rejected');
    const s = state('pending', [a, b, rejected]);
    const first = stepComic(owner, 'accept_credit', s, a.id);
    if (first.refusal) throw new Error('refused');
    expect(first).toMatchObject({ status: 'pending', automatic: false });
    const second = stepComic(owner, 'decline', state('pending', first.comics), b.id);
    expect(second).toMatchObject({ refusal: null, status: 'awaiting_shipment', automatic: true });

    const c = offered(10, null);
    expect(stepComic(owner, 'decline', state('pending', [c, comic('rejected')]), c.id)).toMatchObject({
      status: 'declined',
      automatic: true,
    });
    expect(automaticNextStatus(state('awaiting_review', [comic('rejected')]))).toBeNull();
  });

  it('user_responded is refused while an offer is open', () => {
    const s = state('pending', [offered(1, null)]);
    expect(refuseSubmissionAction(owner, 'user_responded', s)?.message).toBe(
      'Please answer every offer before continuing.',
    );
    const done = state('pending', [
      comic('accepted_cash', { cashOfferCents: 1, userResponse: 'accepted_cash' }),
    ]);
    expect(stepSubmission(owner, 'user_responded', done)).toEqual({
      refusal: null,
      status: 'awaiting_shipment',
    });
  });
});

describe('after the answers', () => {
  const accepted = [
    comic('accepted_cash', {
      cashOfferCents: 1000,
      storeCreditOfferCents: 1200,
      userResponse: 'accepted_cash',
    }),
    comic('accepted_credit', {
      cashOfferCents: 400,
      storeCreditOfferCents: 500,
      userResponse: 'accepted_credit',
    }),
    comic('user_rejected', { cashOfferCents: 99, storeCreditOfferCents: 99, userResponse: 'user_rejected' }),
    comic('rejected'),
  ];

  it('walks shipping, inspection, dispute and payment in order', () => {
    expect(allowedSubmissionActions(owner, state('awaiting_shipment', accepted))).toEqual(['save_tracking']);
    expect(allowedSubmissionActions(staff, state('awaiting_shipment', accepted))).toEqual([
      'cancel',
      'save_tracking',
      'calculate_total',
    ]);
    expect(allowedSubmissionActions(owner, state('shipped', accepted))).toEqual(['save_tracking']);
    expect(allowedSubmissionActions(staff, state('shipped', accepted))).toEqual([
      'save_tracking',
      'mark_received',
      'calculate_total',
    ]);
    expect(allowedSubmissionActions(staff, state('inspecting_submission', accepted))).toEqual([
      'mark_paid',
      'open_dispute',
      'calculate_total',
    ]);
    expect(allowedSubmissionActions(staff, state('dispute', accepted))).toEqual([
      'resolve_dispute',
      'calculate_total',
    ]);
    expect(allowedSubmissionActions(staff, state('resolved', accepted))).toEqual([
      'cancel',
      'mark_paid',
      'open_dispute',
      'resume_inspection',
      'calculate_total',
    ]);
    for (const status of TERMINAL_STATUSES) {
      expect(allowedSubmissionActions(staff, state(status, accepted))).toEqual([]);
      expect(allowedSubmissionActions(owner, state(status, accepted))).toEqual([]);
    }
    expect(refuseSubmissionAction(staff, 'mark_paid', state('paid', accepted))?.message).toBe(
      "This submission has already been paid, so it can't be marked as paid.",
    );
  });

  it('totals are the accepted offers, cash and credit apart', () => {
    expect(offerTotals(accepted)).toEqual({ totalCashOfferCents: 1000, totalStoreCreditOfferCents: 500 });
    expect(acceptedTotals(accepted)).toEqual({ cashCents: 1000, creditCents: 500 });
    expect(processedComicCount(accepted)).toBe(4);
    expect(offerTotals([offered(100, 150), offered(null, 20), comic('rejected')])).toEqual({
      totalCashOfferCents: 100,
      totalStoreCreditOfferCents: 170,
    });
    expect(offerTotals([comic('awaiting_review')])).toEqual({
      totalCashOfferCents: null,
      totalStoreCreditOfferCents: null,
    });
  });

  it('mark_paid needs the PayPal id when cash is owed and the store credit reference when credit is', () => {
    expect(refusePayment(accepted, {})).toEqual({
      status: 400,
      field: 'paypalTransactionId',
      message: ACTION_MESSAGES.transactionRequired,
    });
    expect(refusePayment(accepted, { paypalTransactionId: 'P' })).toMatchObject({
      field: 'storeCreditReference',
    });
    expect(refusePayment(accepted, { paypalTransactionId: 'P', storeCreditReference: 'G' })).toBeNull();
    const creditOnly = [accepted[1]!];
    expect(refusePayment(creditOnly, { storeCreditReference: 'G' })).toBeNull();
    // Zero owed in cash (a $0 cash offer accepted) needs no PayPal id.
    const zero = [comic('accepted_cash', { cashOfferCents: 0, userResponse: 'accepted_cash' })];
    expect(refusePayment(zero, {})).toBeNull();
    expect(stepSubmission(staff, 'mark_paid', state('inspecting_submission', creditOnly), {})).toMatchObject({
      refusal: { status: 400, field: 'storeCreditReference' },
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: random sequences of actions by random actors, run through the table's own steps.

type Who = 'owner' | 'staff' | 'stranger';
const VIEWERS: Record<Who, LifecycleViewer> = { owner, staff, stranger };
const COMIC_STATUSES_USED: ComicAdminStatus[] = [
  'awaiting_review',
  'pending_user_approval',
  'rejected',
  'accepted_cash',
  'accepted_credit',
  'user_rejected',
];

/** One random move: who, whether to pick among the allowed actions (to get deep), and its data. */
const moveArbitrary = fc.record({
  who: fc.constantFrom<Who>('owner', 'owner', 'staff', 'staff', 'staff', 'stranger'),
  // Mostly among the allowed actions, so runs get deep; sometimes anything at all, to test refusals.
  allowedOnly: fc.integer({ min: 0, max: 9 }).map((n) => n < 8),
  pick: fc.nat(),
  comicPick: fc.nat(),
  cash: fc.option(fc.integer({ min: 0, max: 20_000_000 }), { nil: null }),
  credit: fc.option(fc.integer({ min: 0, max: 20_000_000 }), { nil: null }),
  // Usually given, sometimes missing (then mark_paid must refuse when that kind is owed).
  paypal: fc.option(fc.constantFrom('PAY-1', 'PAY-2'), { nil: null, freq: 8 }),
  reference: fc.option(fc.constantFrom('GC-1', 'ORDER-9'), { nil: null, freq: 8 }),
});

type Move =
  { kind: 'submission'; action: SubmissionAction } | { kind: 'comic'; action: ComicAction; comicId: string };

/** Checks what must hold in every reachable state. */
function checkInvariants(s: SubmissionState): void {
  expect(LIFECYCLE_STATUSES).toContain(s.status);
  for (const c of s.comics) {
    expect(COMIC_STATUSES_USED).toContain(c.adminStatus);
    const answered = ['accepted_cash', 'accepted_credit', 'user_rejected'].includes(c.adminStatus);
    expect(c.userResponse).toBe(answered ? c.adminStatus : null);
    if (c.adminStatus === 'rejected')
      expect([c.cashOfferCents, c.storeCreditOfferCents]).toEqual([null, null]);
    if (c.adminStatus === 'pending_user_approval') {
      expect(c.cashOfferCents !== null || c.storeCreditOfferCents !== null).toBe(true);
    }
    if (c.adminStatus === 'accepted_cash') expect(c.cashOfferCents).not.toBeNull();
    if (c.adminStatus === 'accepted_credit') expect(c.storeCreditOfferCents).not.toBeNull();
  }
  if (s.status === 'pending')
    expect(s.comics.some((c) => c.adminStatus === 'pending_user_approval')).toBe(true);
  const pastAnswers: SubmissionStatus[] = [
    'awaiting_shipment',
    'shipped',
    'inspecting_submission',
    'dispute',
    'resolved',
    'paid',
  ];
  if (pastAnswers.includes(s.status)) {
    expect(s.comics.some((c) => c.adminStatus === 'pending_user_approval')).toBe(false);
    expect(
      s.comics.some((c) => c.adminStatus === 'accepted_cash' || c.adminStatus === 'accepted_credit'),
    ).toBe(true);
    // Once every offer is answered, the totals are exactly the accepted offers.
    const owed = acceptedTotals(s.comics);
    const totals = offerTotals(s.comics);
    expect(totals.totalCashOfferCents ?? 0).toBe(owed.cashCents);
    expect(totals.totalStoreCreditOfferCents ?? 0).toBe(owed.creditCents);
  }
  if (TERMINAL_STATUSES.includes(s.status)) {
    for (const viewer of [owner, staff]) {
      expect(allowedSubmissionActions(viewer, s)).toEqual([]);
      for (const c of s.comics) expect(allowedComicActions(viewer, s.status, c)).toEqual([]);
    }
  }
}

describe('property: random action sequences by random actors', () => {
  it('stay inside the table, keep every invariant, and end with totals equal to the accepted offers', () => {
    const reached = new Set<SubmissionStatus>();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(moveArbitrary, { minLength: 5, maxLength: 60, size: 'max' }),
        (count, moves) => {
          let s: SubmissionState = state(
            'awaiting_review',
            Array.from({ length: count }, (_, i) => ({ ...comic('awaiting_review'), id: `k${i}` })),
          );
          for (const m of moves) {
            const viewer = VIEWERS[m.who];
            const candidates: Move[] = m.allowedOnly
              ? [
                  // Cancel ends a run at once: take it rarely, or few runs would get past review.
                  ...allowedSubmissionActions(viewer, s)
                    .filter((action) => action !== 'cancel' || m.comicPick % 8 === 0)
                    .map((action) => ({ kind: 'submission' as const, action })),
                  ...s.comics.flatMap((c) =>
                    allowedComicActions(viewer, s.status, c).map((action) => ({
                      kind: 'comic' as const,
                      action,
                      comicId: c.id,
                    })),
                  ),
                ]
              : [
                  ...SUBMISSION_ACTIONS.map((action) => ({ kind: 'submission' as const, action })),
                  ...COMIC_ACTIONS.map((action) => ({
                    kind: 'comic' as const,
                    action,
                    comicId: s.comics[m.comicPick % s.comics.length]!.id,
                  })),
                ];
            if (candidates.length === 0) continue;
            const move = candidates[m.pick % candidates.length]!;
            const before = s;
            if (move.kind === 'submission') {
              const step = stepSubmission(viewer, move.action, s, {
                paypalTransactionId: m.paypal,
                storeCreditReference: m.reference,
              });
              // What allowedActions promised is what the step does (payment references aside).
              if (move.action !== 'mark_paid') {
                expect(step.refusal === null).toBe(allowedSubmissionActions(viewer, s).includes(move.action));
              }
              if (m.who === 'stranger') expect(step.refusal?.status).toBe(403);
              if (step.refusal) continue;
              const rule = SUBMISSION_RULES[move.action];
              const froms = Object.entries(rule.from)
                .filter(([kind]) => (kind === 'owner' ? viewer.isOwner : viewer.isStaff))
                .flatMap(([, list]) => list);
              expect(froms).toContain(before.status);
              if (move.action === 'mark_paid')
                expect(
                  refusePayment(s.comics, {
                    paypalTransactionId: m.paypal,
                    storeCreditReference: m.reference,
                  }),
                ).toBeNull();
              s = { ...s, status: step.status };
            } else {
              const needsOffer = move.action === 'make_offer' || move.action === 'edit_offer';
              const offer =
                m.cash === null && m.credit === null
                  ? { cashOfferCents: 100, storeCreditOfferCents: null }
                  : { cashOfferCents: m.cash, storeCreditOfferCents: m.credit };
              const step = stepComic(viewer, move.action, s, move.comicId, needsOffer ? offer : undefined);
              const target = s.comics.find((c) => c.id === move.comicId)!;
              expect(step.refusal === null).toBe(
                allowedComicActions(viewer, s.status, target).includes(move.action),
              );
              if (m.who === 'stranger') expect(step.refusal?.status).toBe(403);
              if (step.refusal) continue;
              expect(COMIC_RULES[move.action].comicFrom).toContain(target.adminStatus);
              expect(COMIC_RULES[move.action].submissionFrom).toContain(before.status);
              if (step.automatic) expect(['awaiting_shipment', 'declined']).toContain(step.status);
              else expect(step.status).toBe(before.status);
              s = { status: step.status, comics: step.comics };
            }
            checkInvariants(s);
            reached.add(s.status);
          }
        },
      ),
      { numRuns: 400 },
    );
    // The walk went deep: every status of the lifecycle was visited in some run.
    expect([...reached].sort()).toEqual([...LIFECYCLE_STATUSES].sort());
  });
});
