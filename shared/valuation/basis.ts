// The one line under an estimate that says what it rests on ('based on 6 sales in the last year').
// Accurate rather than flattering: figures read months ago say which year they cover.
import type { EstimateEvidence } from '../schemas/valuation.js';

const DAY_MS = 86_400_000;
/** Figures read this recently still describe "the last year". */
const FRESH_DAYS = 31;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Aug 2026' for '2026-08-22'. */
function monthYear(isoDate: string): string {
  const [year, month] = isoDate.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** The basis line for an estimate: how many sales, over which year, and whether grades were bridged. */
export function basisLine(evidence: EstimateEvidence, now: Date = new Date()): string {
  const { salesCount, periodStart, periodEnd } = evidence;
  const fresh = !periodEnd || now.getTime() - Date.parse(periodEnd) <= FRESH_DAYS * DAY_MS;
  const spanDays = periodStart && periodEnd ? (Date.parse(periodEnd) - Date.parse(periodStart)) / DAY_MS : 0;
  const year = fresh ? 'the last year' : `the year to ${monthYear(periodEnd!)}`;
  let line: string;
  if (salesCount === 0) {
    line = 'based on the price guide, with no sales recorded in the year';
  } else {
    const sales = `${salesCount} sale${salesCount === 1 ? '' : 's'}`;
    line =
      spanDays <= 366
        ? `based on ${sales} in ${year}`
        : `based on ${sales} from ${monthYear(periodStart!)} to ${monthYear(periodEnd!)}`;
  }
  return evidence.derivedFromOtherGrades ? `${line}, at other grades of the same book` : line;
}
