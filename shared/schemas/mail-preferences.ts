// The seller's mail choices in /settings. Only reminders can be turned off: mail that reports a
// change to a submission (offers ready, payment sent ...) always goes.
import { z } from 'zod';

/** GET and PUT /api/user/mail-preferences body and response. */
export const mailPreferencesSchema = z.object({
  /** Reminders: offers waiting 3 days, accepted comics not shipped after 5 days. */
  reminders: z.boolean(),
});
/** The seller's mail preferences. */
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;
