// The building blocks every mail template returns, and the one function that turns them into the
// subject, a plain-text part and an HTML part. Templates describe content; only this file writes
// HTML, so every value is escaped in one place and the two parts cannot drift apart. No images and
// no remote resources: nothing in a mail reports back when it is opened (no tracking pixels).
import type { SiteConfig } from '../../../shared/site-config.js';

/** What every template needs besides its data: the brand and the site's public origin. */
export interface MailContext {
  site: SiteConfig;
  /** e.g. https://sell.example.com (no trailing slash); every link in a mail starts with it. */
  publicUrl: string;
}

/** One piece of a mail body. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] }
  /** Label / value pairs (an address, an amount and its reference). */
  | { kind: 'rows'; rows: Array<[label: string, value: string]> }
  /** The mail's main action, e.g. 'Respond to your offers'. */
  | { kind: 'button'; label: string; url: string }
  /** A message quoted as written (a dispute message). */
  | { kind: 'quote'; text: string };

/** What a template returns. */
export interface MailContent {
  subject: string;
  /** The first line of the body. */
  heading: string;
  blocks: MailBlock[];
  /** Shown under the body in smaller type (e.g. how to turn reminders off). */
  footnote?: string;
}

/** A rendered mail, ready for the outbox. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Joins the public origin and a path into an absolute link. */
export function absoluteUrl(context: MailContext, path: string): string {
  return `${context.publicUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

// Subjects go into a header: a line break there would start a new header.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'rows':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'button':
      return `${block.label}: ${block.url}`;
    case 'quote':
      return block.text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
  }
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(block.text)}</p>`;
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px;line-height:1.5">${block.items
        .map((item) => `<li>${escapeHtml(item)}</li>`)
        .join('')}</ul>`;
    case 'rows':
      return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:2px 12px 2px 0;color:#555;vertical-align:top">${escapeHtml(label)}</td>` +
            `<td style="padding:2px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'button':
      return (
        `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="background:#1d4ed8;color:#ffffff;` +
        `padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">` +
        `${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#555">Or open this link: ` +
        `<a href="${escapeHtml(block.url)}" style="color:#1d4ed8">${escapeHtml(block.url)}</a></p>`
      );
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #d97706;background:#fffbeb;white-space:pre-wrap">${escapeHtml(block.text)}</blockquote>`;
  }
}

/** Renders a template's content into subject, text and HTML, with the brand header and support footer. */
export function renderMail(content: MailContent, context: MailContext): RenderedMail {
  const { site } = context;
  const home = absoluteUrl(context, '/');
  const footer = `${site.businessName} · Questions? Write to ${site.contactEmail}`;
  const text = [
    site.businessName,
    '',
    content.heading,
    '',
    ...content.blocks.flatMap((block) => [blockText(block), '']),
    ...(content.footnote ? [content.footnote, ''] : []),
    '--',
    footer,
    home,
    '',
  ].join('\n');
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(oneLine(content.subject))}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6;${FONT};color:#111827">` +
    `<div style="max-width:600px;margin:0 auto;padding:24px 16px">` +
    `<p style="margin:0 0 16px;font-size:20px;font-weight:700"><a href="${escapeHtml(home)}" style="color:#111827;text-decoration:none">${escapeHtml(site.businessName)}</a></p>` +
    `<div style="background:#ffffff;border-radius:8px;padding:24px">` +
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.heading)}</h1>` +
    content.blocks.map(blockHtml).join('') +
    (content.footnote
      ? `<p style="margin:16px 0 0;font-size:13px;color:#555">${escapeHtml(content.footnote)}</p>`
      : '') +
    `</div>` +
    `<p style="margin:16px 0 0;font-size:13px;color:#555">${escapeHtml(site.businessName)} · Questions? Write to ` +
    `<a href="mailto:${escapeHtml(site.contactEmail)}" style="color:#1d4ed8">${escapeHtml(site.contactEmail)}</a></p>` +
    `</div></body></html>`;
  return { subject: oneLine(content.subject), text, html };
}
