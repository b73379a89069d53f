// The staff Outbox page (/admin/outbox): every mail the app wrote, whether or not an SMTP server is
// configured, so a dealer trying the app sees what their sellers would get.
import { z } from 'zod';
import { MAIL_STATUSES } from '../domain-values.js';
import { safeString } from './safe-text.js';
import { PAGE_SIZE } from './submission.js';

/** GET /api/admin/outbox query: `limit` (default 20, max 100) and the `cursor` of the previous page. */
export const outboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
  cursor: safeString().max(200).optional(),
});
/** The outbox list's query. */
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

/** One mail in the list: who, what, its state and the start of its text. */
export const outboxItemSchema = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  /** The template that wrote it ('offers_ready' ...), null for mail written by other parts (verification). */
  kind: z.string().nullable(),
  submissionId: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  /** The first ~200 characters of the text part, on one line. */
  preview: z.string(),
});
/** One outbox list entry. */
export type OutboxItem = z.infer<typeof outboxItemSchema>;

/** GET /api/admin/outbox: a page, newest first. */
export const outboxListSchema = z.object({
  items: z.array(outboxItemSchema),
  nextCursor: z.string().nullable(),
  /** Whether an SMTP server is configured (false: nothing leaves; staff read mail here). */
  delivery: z.enum(['smtp', 'in_app']),
  /** Mails per status, over the whole outbox. */
  counts: z.record(z.string(), z.number().int()),
});
/** A page of the outbox. */
export type OutboxList = z.infer<typeof outboxListSchema>;

/** GET /api/admin/outbox/:id: one mail with both parts. */
export const outboxMessageSchema = outboxItemSchema.extend({
  textBody: z.string(),
  htmlBody: z.string().nullable(),
});
/** One full mail. */
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
