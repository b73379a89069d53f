// Links from a slab's certification number to the grading company's public certificate lookup, so
// staff can verify a slab in one click. The comic record does not say which company graded it, so the
// number's format decides: CGC prints 10 digits; CBCS prints 'YY-XXXXXXX-NNN' (hex in the middle);
// PGX prints fewer digits (6 to 9). A number that fits none gets no link rather than a wrong one.
// URL formats: docs/decisions/0010-staff-dashboard-and-scale.md.

/** The grading companies whose lookups we link to. */
export type Grader = 'CGC' | 'CBCS' | 'PGX';

const LOOKUPS: Record<Grader, (cert: string) => string> = {
  CGC: (cert) => `https://www.cgccomics.com/certlookup/${encodeURIComponent(cert)}/`,
  CBCS: (cert) => `https://www.cbcscomics.com/grading-notes/${encodeURIComponent(cert)}`,
  PGX: (cert) =>
    `https://www.pgxcomics.com/certverification/pgxlabel.aspx?CertNo=${encodeURIComponent(cert)}`,
};

/** Which company issued a certification number, by its format; null when it fits none. */
export function graderOfCert(certNumber: string | null | undefined): Grader | null {
  const cert = (certNumber ?? '').replace(/\s+/g, '').toUpperCase();
  if (/^\d{10}$/.test(cert)) return 'CGC';
  if (/^\d{2}-[0-9A-F]{7}-\d{3}$/.test(cert)) return 'CBCS';
  if (/^\d{6,9}$/.test(cert)) return 'PGX';
  return null;
}

/** The company and its public lookup page for a certification number, or null. */
export function certLookup(certNumber: string | null | undefined): { grader: Grader; url: string } | null {
  const grader = graderOfCert(certNumber);
  if (!grader) return null;
  const cert = certNumber!.replace(/\s+/g, '').toUpperCase();
  return { grader, url: LOOKUPS[grader](cert) };
}
