// GET /api/admin/outbox (paged, newest first) and GET /api/admin/outbox/:id: staff read every mail the
// app wrote. Staff only; private (no-store).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  outboxListSchema,
  outboxMessageSchema,
  outboxQuerySchema,
  type OutboxItem,
  type OutboxList,
  type OutboxMessage,
} from '../../../shared/schemas/outbox.js';
import type { Db } from '../../db/client.js';
import type { MailOutboxMessage } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { requireAdmin } from '../auth/guards.js';
import {
  countOutboxByStatus,
  findOutboxMessage,
  listOutbox,
  type OutboxCursor,
} from './outbox-repository.js';

/** Options of the outbox routes. */
export interface OutboxRoutesOptions {
  db: Db;
  smtpConfigured: boolean;
}

const UUID = z.uuid();
const notFound = () => new HttpError(404, 'Mail not found', 'not_found');

/** The cursor is base64url of "<created_at ISO>|<id>"; a bad one is a 400, never a 500. */
function encodeCursor(row: MailOutboxMessage): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): OutboxCursor | null {
  if (!cursor) return null;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !UUID.safeParse(id).success || Number.isNaN(createdAt.getTime())) {
    throw new HttpError(400, 'Invalid cursor', 'validation_failed');
  }
  return { createdAt, id };
}

function presentItem(row: MailOutboxMessage): OutboxItem {
  return {
    id: row.id,
    toAddress: row.toAddress,
    subject: row.subject,
    status: row.status,
    kind: row.kind,
    submissionId: row.submissionId,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    preview: row.textBody.replace(/\s+/g, ' ').trim().slice(0, 200),
  };
}

/** Registers the staff outbox routes under /api. */
export async function outboxRoutes(app: FastifyInstance, options: OutboxRoutesOptions) {
  const { db } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.openapi.add({
    method: 'GET',
    path: '/api/admin/outbox',
    summary: 'Staff: every mail the app wrote, newest first, a page at a time, with counts by status',
    tags: ['mail'],
    access: 'admin',
    query: outboxQuerySchema,
    response: outboxListSchema,
  });
  app.get('/admin/outbox', { preHandler: requireAdmin }, async (request): Promise<OutboxList> => {
    const query = outboxQuerySchema.safeParse(request.query ?? {});
    if (!query.success)
      throw new HttpError(400, query.error.issues[0]?.message ?? 'Invalid request', 'validation_failed');
    const rows = await listOutbox(db, query.data.limit, decodeCursor(query.data.cursor));
    const page = rows.slice(0, query.data.limit);
    const last = page.at(-1);
    return {
      items: page.map(presentItem),
      nextCursor: rows.length > query.data.limit && last ? encodeCursor(last) : null,
      delivery: options.smtpConfigured ? 'smtp' : 'in_app',
      counts: await countOutboxByStatus(db),
    };
  });

  app.openapi.add({
    method: 'GET',
    path: '/api/admin/outbox/:id',
    summary: 'Staff: one mail with its text and HTML bodies',
    tags: ['mail'],
    access: 'admin',
    response: outboxMessageSchema,
    errors: [404],
  });
  app.get<{ Params: { id: string } }>(
    '/admin/outbox/:id',
    { preHandler: requireAdmin },
    async (request): Promise<OutboxMessage> => {
      if (!UUID.safeParse(request.params.id).success) throw notFound();
      const row = await findOutboxMessage(db, request.params.id);
      if (!row) throw notFound();
      return { ...presentItem(row), textBody: row.textBody, htmlBody: row.htmlBody };
    },
  );
}
