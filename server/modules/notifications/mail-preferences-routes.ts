// GET and PUT /api/user/mail-preferences: the signed-in user's reminder opt-out (/settings).
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { mailPreferencesSchema, type MailPreferences } from '../../../shared/schemas/mail-preferences.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { HttpError } from '../../plugins/errors.js';
import { requireUser, signedInUser } from '../auth/guards.js';

/** Registers the mail preference routes under /api. */
export async function mailPreferencesRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.openapi.add({
    method: 'GET',
    path: '/api/user/mail-preferences',
    summary: "The signed-in user's mail preferences (reminders on or off)",
    tags: ['user'],
    access: 'user',
    response: mailPreferencesSchema,
  });
  app.get(
    '/user/mail-preferences',
    { preHandler: requireUser },
    async (request): Promise<MailPreferences> => {
      return { reminders: signedInUser(request).mailReminders };
    },
  );

  app.openapi.add({
    method: 'PUT',
    path: '/api/user/mail-preferences',
    summary: "Turn the signed-in user's reminder mails on or off; answers the saved preferences",
    tags: ['user'],
    access: 'user',
    body: mailPreferencesSchema,
    response: mailPreferencesSchema,
    errors: [404],
  });
  app.put(
    '/user/mail-preferences',
    { preHandler: requireUser },
    async (request): Promise<MailPreferences> => {
      const body = mailPreferencesSchema.safeParse(request.body ?? {});
      if (!body.success)
        throw new HttpError(400, 'Say whether reminders are on (true or false).', 'validation_failed');
      const [updated] = await db
        .update(users)
        .set({ mailReminders: body.data.reminders })
        .where(eq(users.id, signedInUser(request).id))
        .returning({ mailReminders: users.mailReminders });
      if (!updated) throw new HttpError(404, 'User not found', 'not_found');
      return { reminders: updated.mailReminders };
    },
  );
}
