// The two confidence bars every part of the app reads a label reading's fields by. Zod-free, so the
// seller's page can load it alone (as shared/graders.ts).

/**
 * Below this a field is flagged for the seller to check (/sell). The reader's confidences are
 * calibrated on the label bench (label-reader/calibration-table.ts) so that a field at this or
 * more is right at least 98% of the time (issue 12).
 */
export const CHECK_CONFIDENCE = 0.8;

/**
 * Highest confidence of a value the reader only guessed: a publisher name fitted loosely to a
 * blurred line ('Atlas' for 'Marvel Comics, 8/23'), or a year from the digits a blurred date left.
 * The reader caps such guesses here, and the extraction's price-guide fill replaces (or confirms)
 * a value at or below it with the dealer's guide's, so the two share this one bar.
 */
export const GUESS_CONFIDENCE = 0.3;
