// The line under a comic's estimated value saying what the market value rests on ('based on 6
// sales in the last year'), from the extraction response's estimateBasis. Shown only while the value
// is still the market's: once the seller types their own figure, the basis no longer describes it.
import { parseMoneyToCents } from '../../../../shared/money';

/** The market estimate the label reader's response carried: its value (as sent) and basis line. */
export interface MarketEstimateNote {
  value: string;
  basis: string;
}

/** Reads the estimate note out of an extraction response's `data`; null when it has none. */
export function marketEstimateFromExtraction(source: Record<string, unknown>): MarketEstimateNote | null {
  const { estimatedValue, estimateBasis } = source;
  if (typeof estimatedValue !== 'string' || typeof estimateBasis !== 'string') return null;
  if (parseMoneyToCents(estimatedValue) === null || estimateBasis.trim() === '') return null;
  return { value: estimatedValue, basis: estimateBasis.slice(0, 300) };
}

/** 'Market value, based on 11 sales in the last year', while the card's value is the market's. */
export function EstimateBasis({
  estimatedValue,
  note,
}: {
  estimatedValue: string;
  note: MarketEstimateNote | null | undefined;
}) {
  if (!note || parseMoneyToCents(estimatedValue) !== parseMoneyToCents(note.value)) return null;
  return <span className="mt-0.5 block text-xs text-slate-600">Market value, {note.basis}</span>;
}
