// Kept apart from shared/label-reading.ts (which re-exports them) so the seller's page can list the
// graders without loading zod and the reading schema before it paints.

/** Grading companies whose labels the reader knows. */
export const GRADERS = ['CGC', 'CBCS', 'PGX'] as const;
/** One grading company. */
export type Grader = (typeof GRADERS)[number];
