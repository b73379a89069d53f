// The variant line's words put right from what the recogniser saw, as the title's are
// (title-words.ts): the line is the label's smallest centre print, and a shop's or a label's word
// read a letter wrong ('Robbit Comics', 'Trinity Comiei Edition') made the whole variant wrong or,
// with a word that reads as none, left it out. A word is taken only where the recogniser's own
// output spells it nearly as well as the letters it read (`repairWord`); names no dictionary knows
// ('Momoko', 'Gleason') stay as read.
import type { ParsedLabel } from './label-parser.js';
import type { OcrEngine } from './ocr-engine.js';
import type { RgbImage } from './raster.js';
import { repairWordsInBox } from './title-words.js';
import { readVariant } from './variant-line.js';

/**
 * Highest confidence of a variant with a word put right: the recogniser saw another letter first,
 * so the seller is asked to check it.
 */
const REPAIRED_VARIANT_CONFIDENCE = 0.5;

/**
 * The parsed label with its variant read again from the variant line's words put right
 * (`repairWordsInBox`): only when the line was read as one row and has a word no dictionary knows.
 */
export async function repairVariantLine(
  engine: OcrEngine,
  label: RgbImage,
  parsed: ParsedLabel,
): Promise<ParsedLabel> {
  const repaired = await repairWordsInBox(engine, label, parsed.variantBox, parsed.variantText);
  if (!repaired) return parsed;
  const { variant, certainty } = readVariant(repaired.text);
  if (!variant) return parsed;
  const before = parsed.variant ? parsed.fieldConfidence.variant : REPAIRED_VARIANT_CONFIDENCE;
  return {
    ...parsed,
    variant,
    fieldConfidence: {
      ...parsed.fieldConfidence,
      variant: Math.min(before, REPAIRED_VARIANT_CONFIDENCE) * certainty,
    },
  };
}
