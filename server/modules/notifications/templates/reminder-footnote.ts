import { absoluteUrl, type MailContext } from '../mail-content.js';

/** The line under every reminder telling the seller where to turn reminders off. */
export function reminderFootnote(context: MailContext): string {
  return `You get reminders like this one because they are turned on in your settings. Turn them off at ${absoluteUrl(context, '/settings')}.`;
}
