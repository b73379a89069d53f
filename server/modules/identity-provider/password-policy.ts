import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// Why zxcvbn-ts rather than a bare list: its common dictionary (about 49,000 leaked passwords,
// shipped inside the npm package, nothing fetched at run time) catches the list itself, and its
// pattern matchers also catch what a list misses: 'aaaaaaaaaaaa', '1234567890', 'qwertyuiop',
// 'Password12!', the person's own email or name. Score 2 of 4 means about 10^6 guesses or more,
// which the per-account sign-in delay (login-throttle.ts) puts out of an online attacker's reach.
zxcvbnOptions.setOptions({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });

/** Fewest characters a new password may have. */
export const MIN_PASSWORD_LENGTH = 10;
/** Most characters a password may have (argon2 hashes any length; this only bounds the work). */
export const MAX_PASSWORD_LENGTH = 1024;
/** Shown under the password field of the sign-up form. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, not a common password.`;
/** Shown for a password that is long enough but easy to guess. */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common or too easy to guess. Please choose another.';

// zxcvbn's work grows with the length; the first 100 characters decide the score of any password
// (a longer one only gets stronger), so a 1 KB password costs no more than a 100-character one.
const SCORED_PREFIX = 100;

/**
 * Checks a new password; returns the message to show, or undefined when it is acceptable.
 * `context` is what the person typed elsewhere (email, names): a password built from it is weak.
 */
export function passwordProblem(password: string, context: string[] = []): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  const inputs = context.flatMap((value) => [value, ...value.split(/[@.\s]+/)]).filter((v) => v.length > 2);
  const { score } = zxcvbn(password.slice(0, SCORED_PREFIX), inputs);
  return score < 2 ? COMMON_PASSWORD_MESSAGE : undefined;
}
