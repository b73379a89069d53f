// Every template, rendered from a real submission read back from the database: subject, text and
// HTML present, no unreplaced placeholders, every link absolute to PUBLIC_URL (or a carrier's
// tracking page), no images (no tracking pixels), every value escaped in the HTML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONFIG } from '../../../shared/site-config.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { insertSubmission, insertUser } from '../../test/factories.js';
import { renderMail, type MailContent, type MailContext } from './mail-content.js';
import { loadSubmissionForMail, type SubmissionForMail } from './submission-for-mail.js';
import { disputeOpenedMail } from './templates/dispute-opened.js';
import { disputeResolvedMail } from './templates/dispute-resolved.js';
import { offersReadyMail } from './templates/offers-ready.js';
import { offersReminderMail } from './templates/offers-reminder.js';
import { packageReceivedMail } from './templates/package-received.js';
import { paymentSentMail } from './templates/payment-sent.js';
import { shippingInstructionsMail } from './templates/shipping-instructions.js';
import { shippingReminderMail } from './templates/shipping-reminder.js';
import { staffNewSubmissionMail } from './templates/staff-new-submission.js';
import { staffOffersAnsweredMail } from './templates/staff-offers-answered.js';
import { staffShippedMail } from './templates/staff-shipped.js';
import { storeCreditAppliedMail } from './templates/store-credit-applied.js';
import { submissionCancelledMail } from './templates/submission-cancelled.js';
import { submissionDeclinedMail } from './templates/submission-declined.js';
import { submissionReceivedMail } from './templates/submission-received.js';

const context: MailContext = {
  site: { ...DEFAULT_SITE_CONFIG, businessName: 'Kirby & Co <Comics>' },
  publicUrl: 'https://sell.example.com',
};

let database: TestDatabase;
let submission: SubmissionForMail;

beforeAll(async () => {
  database = await createTestDatabase();
  const seller = await insertUser(database.db, {
    firstName: 'Ada',
    email: 'ada@example.com',
    paymentEmail: 'ada.pay@example.com',
    storeEmail: 'ada.store@example.com',
  });
  const { submission: row } = await insertSubmission(database.db, seller.id, {
    status: 'awaiting_shipment',
    totalEstimatedValueCents: 512_345,
    trackingId: '1Z999AA10123456784',
    carrier: 'UPS',
    disputeMessage: 'Slab 2 has a cracked case <see photo>.',
    paypalTransactionId: '8AB12345CD678901E',
    comics: [
      {
        title: 'Amazing Spider-Man',
        issueNumber: '300',
        cgcGrade: 9.8,
        adminStatus: 'accepted_cash',
        userResponse: 'accepted_cash',
        cashOfferCents: 120_000,
        storeCreditOfferCents: 140_000,
      },
      {
        title: 'X-Men',
        issueNumber: '1',
        cgcGrade: 4.5,
        adminStatus: 'accepted_credit',
        userResponse: 'accepted_credit',
        cashOfferCents: 300_000,
        storeCreditOfferCents: 345_050,
      },
      {
        title: 'Saga',
        issueNumber: '1',
        cgcGrade: 9.6,
        adminStatus: 'user_rejected',
        userResponse: 'user_rejected',
        cashOfferCents: 5_000,
        storeCreditOfferCents: 6_000,
      },
      { title: 'Spawn', issueNumber: '1', cgcGrade: 9.4, adminStatus: 'rejected' },
    ],
  });
  submission = (await loadSubmissionForMail(database.db, row.id))!;
});
afterAll(() => database?.close());

const templates: Array<[string, () => MailContent]> = [
  ['submission received', () => submissionReceivedMail(submission, context)],
  ['offers ready', () => offersReadyMail(submission, context)],
  ['offers reminder', () => offersReminderMail(submission, context)],
  ['shipping instructions', () => shippingInstructionsMail(submission, context)],
  ['shipping reminder', () => shippingReminderMail(submission, context)],
  ['package received', () => packageReceivedMail(submission, context)],
  ['payment sent', () => paymentSentMail(submission, context, { transactionId: '8AB12345CD678901E' })],
  ['store credit applied', () => storeCreditAppliedMail(submission, context, { reference: 'GC-7781' })],
  ['declined by staff', () => submissionDeclinedMail(submission, context, { bySeller: false })],
  ['declined by seller', () => submissionDeclinedMail(submission, context, { bySeller: true })],
  ['cancelled', () => submissionCancelledMail(submission, context)],
  [
    'dispute opened',
    () => disputeOpenedMail(submission, context, { message: 'Slab 2 has a cracked case <see photo>.' }),
  ],
  ['dispute resolved', () => disputeResolvedMail(submission, context)],
  ['staff: new submission', () => staffNewSubmissionMail(submission, context)],
  ['staff: offers answered', () => staffOffersAnsweredMail(submission, context)],
  ['staff: shipped', () => staffShippedMail(submission, context)],
];

describe('mail templates', () => {
  it.each(templates)('%s renders complete text and HTML with absolute links', (_name, build) => {
    const mail = renderMail(build(), context);
    expect(mail.subject).toContain(`#${submission.reference}`);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text.length).toBeGreaterThan(100);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/\$\{|\{\{|undefined|NaN|\[object |\bnull\b/);
    }
    // Support address and brand in both parts.
    expect(mail.text).toContain(context.site.contactEmail);
    expect(mail.text).toContain('Kirby & Co <Comics>');
    expect(mail.html).toContain('Kirby &amp; Co &lt;Comics&gt;');
    // Every link is absolute: to the site, to a carrier's tracking page, or mailto the support address.
    const textLinks = mail.text.match(/https?:\/\/\S+/g) ?? [];
    expect(textLinks.length).toBeGreaterThan(0);
    const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    for (const link of [...textLinks, ...hrefs]) {
      expect(link).toMatch(/^(https:\/\/sell\.example\.com\/|https:\/\/www\.ups\.com\/|mailto:support@)/);
    }
    // No images, scripts or remote resources: nothing reports that the mail was opened.
    expect(mail.html).not.toMatch(/<img|<script|background-image|url\(/i);
  });

  it('links sellers to their submission and staff to the admin page', () => {
    const sellerMail = renderMail(offersReadyMail(submission, context), context);
    expect(sellerMail.text).toContain(`https://sell.example.com/submissions/${submission.id}`);
    const staffMail = renderMail(staffNewSubmissionMail(submission, context), context);
    expect(staffMail.text).toContain(`https://sell.example.com/admin/submissions/${submission.id}`);
  });

  it("lists each comic's offers, or 'No Offer Available'", () => {
    const { text } = renderMail(offersReadyMail(submission, context), context);
    expect(text).toContain(
      '- Amazing Spider-Man #300 (CGC 9.8): $1,200.00 cash or $1,400.00 Amped Store credit',
    );
    expect(text).toContain('- X-Men #1 (CGC 4.5): $3,000.00 cash or $3,450.50 Amped Store credit');
    expect(text).toContain('- Spawn #1 (CGC 9.4): No Offer Available');
  });

  it('gives shipping instructions: what to ship, what to keep, the address and the label link', () => {
    const { text } = renderMail(shippingInstructionsMail(submission, context), context);
    const [ship, keep] = text.split('Do not ship these; keep them:');
    expect(ship).toContain('Amazing Spider-Man #300');
    expect(ship).toContain('X-Men #1');
    expect(ship).not.toContain('Saga');
    expect(keep).toContain('Saga #1');
    expect(keep).toContain('Spawn #1');
    expect(text).toContain('Street: 123 Main Street, Suite 100');
    expect(text).toContain('City: Winter Springs, FL 32765');
    expect(text).toContain(`Reference: AC${submission.reference}`);
    expect(text).toContain(`https://sell.example.com/submissions/${submission.id}/label`);
  });

  it('states the cash amount and transaction id, and the credit amount and reference', () => {
    const cash = renderMail(
      paymentSentMail(submission, context, { transactionId: '8AB12345CD678901E' }),
      context,
    );
    expect(cash.text).toContain('Amount: $1,200.00');
    expect(cash.text).toContain('Paid to: ada.pay@example.com');
    expect(cash.text).toContain('Transaction ID: 8AB12345CD678901E');
    const credit = renderMail(storeCreditAppliedMail(submission, context, { reference: 'GC-7781' }), context);
    expect(credit.text).toContain('Credit: $3,450.50');
    expect(credit.text).toContain('Amped Store account: ada.store@example.com');
    expect(credit.text).toContain('Reference: GC-7781');
  });

  it("quotes the dispute message, escaped in HTML; staff's shipped mail has carrier and tracking", () => {
    const dispute = renderMail(
      disputeOpenedMail(submission, context, { message: 'Slab 2 has a cracked case <see photo>.' }),
      context,
    );
    expect(dispute.text).toContain('> Slab 2 has a cracked case <see photo>.');
    expect(dispute.html).toContain('Slab 2 has a cracked case &lt;see photo&gt;.');
    const shipped = renderMail(staffShippedMail(submission, context), context);
    expect(shipped.subject).toBe(`Submission #${submission.reference} shipped via UPS`);
    expect(shipped.text).toContain('Tracking: 1Z999AA10123456784');
    expect(shipped.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('tells reminder readers how to turn reminders off, and only reminders', () => {
    for (const reminder of [offersReminderMail, shippingReminderMail]) {
      expect(renderMail(reminder(submission, context), context).text).toContain(
        'https://sell.example.com/settings',
      );
    }
    expect(renderMail(offersReadyMail(submission, context), context).text).not.toContain('/settings');
  });

  it("uses the spec's cancelled wording with the support address", () => {
    const { text } = renderMail(submissionCancelledMail(submission, context), context);
    expect(text).toContain(
      'this submission has been cancelled, please resubmit or contact support@ampedcomics.com for help.',
    );
  });
});
