// The built-in provider's account mail (verification link, "you already have an account"). Until
// the mail sender lands, each message is a pending row of mail_outbox, which the sender will deliver
// and staff can read in the in-app outbox; the verification link is also logged (see
// email-verification.ts).
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import { escapeHtml } from './pages.js';

/** What every account mail needs to name the site. */
export interface MailSite {
  businessName: string;
  /** The site's origin, e.g. https://buy.example.com. */
  siteUrl: string;
}

async function queue(
  db: Db,
  to: string,
  subject: string,
  paragraphs: string[],
  link: { href: string; label: string },
) {
  const text = `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}\n`;
  const html = `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>\n`;
  await db.insert(mailOutbox).values({ toAddress: to, subject, textBody: text, htmlBody: html });
}

/** Queues the "confirm your email address" mail with its single-use link. */
export async function queueVerificationMail(db: Db, site: MailSite, to: string, link: string): Promise<void> {
  await queue(
    db,
    to,
    `Confirm your email address for ${site.businessName}`,
    [
      `Someone (we hope you) created an account at ${site.businessName} with this email address.`,
      'Open the link below within 24 hours to confirm the address. The link works once.',
      'If you did not create this account, ignore this email: the address stays unconfirmed.',
    ],
    { href: link, label: 'Confirm my email address' },
  );
}

/** Queues the mail that tells an account's owner someone tried to sign up with their address. */
export async function queueAlreadyRegisteredMail(db: Db, site: MailSite, to: string): Promise<void> {
  await queue(
    db,
    to,
    `You already have an account at ${site.businessName}`,
    [
      `Someone tried to create an account at ${site.businessName} with this email address, which already has one.`,
      'If it was you, sign in with your password instead. If it was not, you can ignore this email: nothing changed.',
    ],
    { href: `${site.siteUrl}/api/login`, label: 'Sign in' },
  );
}
