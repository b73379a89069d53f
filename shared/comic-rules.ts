// Comic rules without zod, kept apart from shared/schemas/comic.ts (which uses and re-exports them) so
// the seller's page can apply them before zod and the schemas load (docs/decisions/0021-seller-pages-budget.md).

/** The grading scale shared by CGC, CBCS and PGX: the only grades a label can carry, highest first. */
export const CGC_GRADES = [
  10, 9.9, 9.8, 9.6, 9.4, 9.2, 9, 8.5, 8, 7.5, 7, 6.5, 6, 5.5, 5, 4.5, 4, 3.5, 3, 2.5, 2, 1.8, 1.5, 1, 0.5,
] as const;

/** True when the number is a step of the grading scale ('9.8' typed and 9.8 read parse to the same double). */
export function isCgcGrade(value: number): boolean {
  return (CGC_GRADES as readonly number[]).includes(value);
}

/** Tidies a typed certification number: drops spaces, upper-cases, and writes a dashed CGC number as 10 digits. */
export function normalizeCertNumber(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return /^\d{7}-\d{3}$/.test(compact) ? compact.replace('-', '') : compact;
}
