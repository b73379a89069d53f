// The hook the label reader's route calls: a market estimate for what the label says. A valuation
// failure must never cost the seller their reading, so it is logged and answered with no estimate.
import type { FastifyBaseLogger } from 'fastify';
import type { LabelReading } from '../../../shared/label-reading.js';
import type { MarketEstimate } from '../../../shared/schemas/valuation.js';
import type { Db } from '../../db/client.js';
import { estimateMarketValue } from './estimator.js';

/** The estimate for a label reading, or null when estimating failed. */
export async function estimateForReading(
  db: Db,
  reading: LabelReading,
  log: FastifyBaseLogger,
): Promise<MarketEstimate | null> {
  try {
    return await estimateMarketValue(db, {
      title: reading.title,
      issueNumber: reading.issueNumber,
      publisher: reading.publisher,
      variant: reading.variant,
      grade: reading.cgcGrade,
      keyIssue: reading.keyIssue,
      labelType: reading.labelType,
    });
  } catch (error) {
    log.error({ err: error }, 'market estimate failed');
    return null;
  }
}
