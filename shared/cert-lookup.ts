// Links from a slab's certification number to the grading company's public certificate lookup, so
// staff can verify a slab in one click. The comic record does not say which company graded it, so the
// number's format decides: CGC prints 10 digits; CBCS prints 'YY-XXXXXXX-NNN' (hex in the middle);
// PGX prints fewer digits (6 to 9). A number that fits none gets no link rather than a wrong one.
// The same patterns are the form's and the server's format rule (shared/schemas/comic.ts), so a
// number the form accepts for a grader is one this file links to that grader.
// URL formats and the PGX digit count: docs/decisions/0010-staff-dashboard-and-scale.md.

/** The grading companies whose lookups we link to. */
export type Grader = 'CGC' | 'CBCS' | 'PGX';

/** Each grader's certification number, after removing spaces and upper-casing. */
export const CERT_NUMBER_PATTERNS: Record<Grader, RegExp> = {
  CGC: /^\d{10}$/,
  // Two digits (year), seven letters or digits (hex in practice), three digits.
  CBCS: /^\d{2}-[0-9A-Z]{7}-\d{3}$/,
  // Digits only, and fewer than CGC's ten, so a number never reads as both.
  PGX: /^\d{6,9}$/,
};

const LOOKUPS: Record<Grader, (cert: string) => string> = {
  CGC: (cert) => `https://www.cgccomics.com/certlookup/${encodeURIComponent(cert)}/`,
  CBCS: (cert) => `https://www.cbcscomics.com/grading-notes/${encodeURIComponent(cert)}`,
  PGX: (cert) =>
    `https://www.pgxcomics.com/certverification/pgxlabel.aspx?CertNo=${encodeURIComponent(cert)}`,
};

/** Which company issued a certification number, by its format; null when it fits none. */
export function graderOfCert(certNumber: string | null | undefined): Grader | null {
  const cert = (certNumber ?? '').replace(/\s+/g, '').toUpperCase();
  for (const grader of ['CGC', 'CBCS', 'PGX'] as const) {
    if (CERT_NUMBER_PATTERNS[grader].test(cert)) return grader;
  }
  return null;
}

/** The company and its public lookup page for a certification number, or null. */
export function certLookup(certNumber: string | null | undefined): { grader: Grader; url: string } | null {
  const grader = graderOfCert(certNumber);
  if (!grader) return null;
  const cert = certNumber!.replace(/\s+/g, '').toUpperCase();
  return { grader, url: LOOKUPS[grader](cert) };
}
