// GET /api/submissions/cert-check: does an earlier submission of the seller hold these cert numbers?
import { z } from 'zod';
import { COMIC_TEXT_LIMITS, normalizeCertNumber } from './comic.js';
import { safeString } from './safe-text.js';

/** Most numbers asked about in one request (one draft's worth). */
export const MAX_CERTS_PER_CHECK = 100;

/** Query of the cert check: `certs` is a comma-separated list (none: an empty answer); blanks are dropped, the rest normalised. */
export const certCheckQuerySchema = z.object({
  certs: safeString()
    .max(MAX_CERTS_PER_CHECK * (COMIC_TEXT_LIMITS.certNumber + 1))
    .default('')
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map(normalizeCertNumber)
          .filter((cert) => cert !== '' && cert.length <= COMIC_TEXT_LIMITS.certNumber),
      ),
    ])
    .pipe(z.array(z.string()).max(MAX_CERTS_PER_CHECK, `Ask about at most ${MAX_CERTS_PER_CHECK} numbers.`)),
});

/** One earlier comic of the seller with a number that was asked about. */
export const certMatchSchema = z.object({
  certNumber: z.string(),
  submissionId: z.string(),
  /** 'Submission #' reference as the seller's list shows it. */
  submissionReference: z.string(),
  submissionStatus: z.string(),
  submittedAt: z.iso.datetime({ offset: true }),
  title: z.string(),
  issueNumber: z.string(),
});
/** One earlier comic with an asked-about number. */
export type CertMatch = z.infer<typeof certMatchSchema>;

/** Response of the cert check, newest submission first. */
export const certCheckResponseSchema = z.object({ matches: z.array(certMatchSchema) });
/** Response of the cert check. */
export type CertCheckResponse = z.infer<typeof certCheckResponseSchema>;
