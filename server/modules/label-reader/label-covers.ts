// A finger, glare or a sticker over part of the label: over its left end it may hide the title's
// first letters and the grade's digits, over its right end the issue number's last digits, across
// the grade the middle of its digits, and what is left reads as sure as ever (title-end.ts,
// grade-cover.ts; ADR 0053-0055). The reading's confidence in those fields is capped under the
// check bar and the seller is told what to check.
import type { ParsedLabel } from './label-parser.js';
import type { RgbImage } from './raster.js';
import {
  CUT_GRADE_CONFIDENCE,
  CUT_GRADE_NOTE,
  gradeCrossed,
  gradeLooksCut,
  gradeTopHidden,
} from './grade-cover.js';
import {
  HIDDEN_END_ISSUE_CONFIDENCE,
  HIDDEN_END_NOTE,
  HIDDEN_START_NOTE,
  HIDDEN_START_TITLE_CONFIDENCE,
  lineStartsAtImageEdge,
  marginHidesLineEnd,
  marginHidesLineStart,
  titleRightOfCentre,
} from './title-end.js';

/** `parsed`'s field confidences and notes, with the fields a cover may hide part of doubted. */
export function doubtCoveredFields(
  label: RgbImage,
  parsed: ParsedLabel,
): Pick<ParsedLabel, 'fieldConfidence' | 'notes'> {
  const fieldConfidence = { ...parsed.fieldConfidence };
  const notes = [...parsed.notes];
  const { titleBox: title, publisherBox, certBox, gradeBox } = parsed;
  if (!title) return { fieldConfidence, notes };
  // The layouts measured are CGC's: other graders' labels are judged by the margins' colour only.
  const otherLayout = parsed.grader === 'CBCS' || parsed.grader === 'PGX';
  const startHidden =
    marginHidesLineStart(label, title) ||
    (!otherLayout &&
      (lineStartsAtImageEdge(title) ||
        (publisherBox !== null && certBox !== null && titleRightOfCentre(title, publisherBox, certBox)) ||
        (gradeBox !== null && gradeTopHidden(gradeBox, title))));
  if (startHidden && parsed.title && fieldConfidence.title > HIDDEN_START_TITLE_CONFIDENCE) {
    fieldConfidence.title = HIDDEN_START_TITLE_CONFIDENCE;
    notes.push(HIDDEN_START_NOTE);
  }
  // The end's margin is judged against the start's, no reference when that is covered too.
  if (
    !startHidden &&
    parsed.issueNumber &&
    fieldConfidence.issueNumber > HIDDEN_END_ISSUE_CONFIDENCE &&
    marginHidesLineEnd(label, title)
  ) {
    fieldConfidence.issueNumber = HIDDEN_END_ISSUE_CONFIDENCE;
    notes.push(HIDDEN_END_NOTE);
  }
  if (
    !otherLayout &&
    gradeBox &&
    parsed.cgcGrade !== null &&
    fieldConfidence.cgcGrade > CUT_GRADE_CONFIDENCE &&
    (gradeLooksCut(gradeBox, title) || gradeCrossed(label, gradeBox))
  ) {
    fieldConfidence.cgcGrade = CUT_GRADE_CONFIDENCE;
    // The grade's words are the grade's ('NM/M' for 9.8).
    fieldConfidence.gradeWords = Math.min(fieldConfidence.gradeWords, CUT_GRADE_CONFIDENCE);
    notes.push(CUT_GRADE_NOTE);
  }
  return { fieldConfidence, notes };
}
