import type { User } from '../../db/schema.js';
import { storeEmailFieldName } from '../../../shared/store-email-field.js';

/** The user object of GET /api/auth/user and the email updates (the store email under its brand field). */
export type PresentedUser = {
  id: string;
  email: string;
  role: User['role'];
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  paymentEmail: string | null;
  username: string | null;
} & Record<string, string | null>;

/** Shapes a user row for the API. */
export function presentUser(user: User, storeBrand: string): PresentedUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    paymentEmail: user.paymentEmail,
    [storeEmailFieldName(storeBrand)]: user.storeEmail,
    username: user.username,
  };
}
