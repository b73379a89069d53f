import { describe, expect, it } from 'vitest';
import type { TimelineEvent } from '../../../../shared/schemas/submission';
import { actorLabel, describeTimelineEvent, formatEventTime } from './timeline-text';

const comics = [{ id: 'c1', title: 'Wolverine', issueNumber: '1' }];

function event(overrides: Partial<TimelineEvent>): TimelineEvent {
  return {
    id: 1,
    at: '2026-01-05T15:04:00.000Z',
    action: 'created',
    actorRole: 'user',
    actorName: null,
    fromStatus: null,
    toStatus: 'awaiting_review',
    comicId: null,
    details: {},
    ...overrides,
  };
}

describe('describeTimelineEvent', () => {
  it('names the comic and the amounts of an offer', () => {
    const text = describeTimelineEvent(
      event({
        action: 'make_offer',
        actorRole: 'admin',
        comicId: 'c1',
        details: { cashOfferCents: 12_050, storeCreditOfferCents: 15_000 },
      }),
      'seller',
      comics,
    );
    expect(text).toEqual({
      title: 'Offer made on Wolverine #1',
      details: ['Cash: $120.50', 'Store credit: $150.00'],
      link: null,
    });
  });

  it('links a shipment to the carrier tracking page', () => {
    const text = describeTimelineEvent(
      event({ action: 'save_tracking', details: { carrier: 'UPS', trackingId: '1Z999AA10123456784' } }),
      'admin',
      comics,
    );
    expect(text.title).toBe('Shipped');
    expect(text.details).toEqual(['Carrier: UPS', 'Tracking ID: 1Z999AA10123456784']);
    expect(text.link).toEqual({
      href: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      label: 'Track with UPS',
    });
  });

  it('shows both payment references and a dispute message', () => {
    expect(
      describeTimelineEvent(
        event({
          action: 'mark_paid',
          details: { paypalTransactionId: 'TX-1', storeCreditReference: 'GC-9' },
        }),
        'seller',
        comics,
      ).details,
    ).toEqual(['PayPal transaction ID: TX-1', 'Store credit reference: GC-9']);
    expect(
      describeTimelineEvent(
        event({ action: 'open_dispute', details: { message: 'Cracked case' } }),
        'seller',
        comics,
      ),
    ).toEqual({
      title: 'Dispute opened',
      details: ['Cracked case'],
      link: null,
    });
  });

  it('says where an automatic move went', () => {
    expect(
      describeTimelineEvent(
        event({
          action: 'auto_advance',
          actorRole: 'system',
          toStatus: 'awaiting_shipment',
          details: { reason: 'Every offer was answered.' },
        }),
        'seller',
        comics,
      ),
    ).toEqual({
      title: 'Moved on to Awaiting Shipment',
      details: ['Reason: Every offer was answered.'],
      link: null,
    });
  });

  it('falls back to the status label of the audience for an action it does not know', () => {
    expect(
      describeTimelineEvent(event({ action: 'auto_move', toStatus: 'awaiting_shipment' }), 'seller', comics)
        .title,
    ).toBe('Status: Awaiting Shipment');
    expect(
      describeTimelineEvent(event({ action: 'auto_move', toStatus: 'awaiting_shipment' }), 'admin', comics)
        .title,
    ).toBe('Status: Ready to Ship');
  });
});

describe('who and when', () => {
  it('uses the server name, else the role in the audience words', () => {
    expect(actorLabel(event({ actorName: 'Dana' }), 'admin')).toBe('Dana');
    expect(actorLabel(event({ actorRole: 'user' }), 'seller')).toBe('You');
    expect(actorLabel(event({ actorRole: 'user' }), 'admin')).toBe('Seller');
    expect(actorLabel(event({ actorRole: 'admin' }), 'seller')).toBe('Staff');
    expect(actorLabel(event({ actorRole: 'system' }), 'seller')).toBe('Automatic');
  });

  it("formats 'MMM dd, yyyy' plus the time", () => {
    expect(formatEventTime('2026-01-05T15:04:00.000Z')).toMatch(/^Jan 0[45], 2026 at \d{1,2}:04 (AM|PM)$/);
    expect(formatEventTime('nonsense')).toBe('');
  });
});
