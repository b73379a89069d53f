// What to tell a seller whose label is small in the photo. Below 450 px across (grader thumbnails,
// or a label that small in a phone photo) the pipeline already lowers the small print's confidence
// and says so. Between that and SMALL_LABEL_WIDTH the title, issue and grade mostly read, but the
// small print is 7-9 px tall: measured on phone seeds 1 and 2 (ADR 0043), labels under 600 px
// across read the publisher 71%, the year 67% and the cert 49% of the time, against 96%, 95% and
// 89% from 600 px up. The reader cannot recover what the photo does not hold, so when it leaves one
// of those fields unread it says why and what would read it: a closer photo of the label. It
// gives no instruction to type the value in: the price guide may fill the publisher and year
// (extraction/guide-fill.ts, with its own note), and the card flags what is still missing.

/** Labels narrower than this in the photo (px) lose their small print often (see above). */
export const SMALL_LABEL_WIDTH = 600;

/** The small-print fields the note speaks of, as a reading leaves them. */
export interface SmallPrintFields {
  cgcCertNumber: string | null;
  publisher: string;
  /** The date as printed ('11/24', 'No Date'...); null when none was read. */
  labelDate: string | null;
}

/**
 * The note for a label `labelWidth` px across in the photo whose small print was partly left
 * unread, naming what was; null when the label is large enough or nothing is missing.
 */
export function smallLabelNote(labelWidth: number, fields: SmallPrintFields): string | null {
  if (!(labelWidth < SMALL_LABEL_WIDTH)) return null;
  const unread = [
    fields.cgcCertNumber === null ? 'certification number' : null,
    fields.publisher === '' ? 'publisher' : null,
    fields.labelDate === null ? 'date' : null,
  ].filter((name): name is string => name !== null);
  if (unread.length === 0) return null;
  return (
    `The label is small in this photo, so its ${listed(unread)} could not be read. ` +
    'A photo taken closer to the label would read its small print.'
  );
}

/** 'a', 'a and b', 'a, b and c'. */
function listed(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
