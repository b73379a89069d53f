// PUT /api/user/payment-email from the submit dialog (spec sections 5 and 7).
import { paymentEmailDialogSchema } from '../../../../shared/schemas/user-emails';
import { apiRequest } from '../../lib/api-request';

/** The dialog's check (spec: non-empty and contains '@'): the message to show, or null when it passes. */
export function validateDialogPaymentEmail(email: string): string | null {
  const result = paymentEmailDialogSchema.safeParse(email);
  return result.success
    ? null
    : (result.error.issues[0]?.message ?? 'Please enter a valid PayPal email address.');
}

/** Saves the seller's payment email; throws ApiError when the server refuses it. */
export async function savePaymentEmail(paymentEmail: string): Promise<void> {
  await apiRequest('PUT', '/api/user/payment-email', { paymentEmail });
}
