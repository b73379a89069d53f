// Turns the OCR'd text segments of one label into fields, using where things sit on the label:
// the header across the top, the big grade at the left, the centre column (title, publisher and
// date, variant, certificate number, barcode), art credits left of centre, key comments right of
// centre, the hologram at the far right.
import { GUESS_CONFIDENCE } from '../../../shared/confidence-bars.js';
import type { Grader, LabelField, LabelReading, LabelType } from '../../../shared/label-reading.js';
import { editDistance } from '../../../shared/edit-distance.js';
import { headerPartRead, isHeaderPiece, isHeaderText } from './header-words.js';
import { splitDateLine } from './label-date.js';
import { snapPublisher, type PublisherMatch } from './publishers.js';
import { centreX, centreY, type TextSegment } from './text-layout.js';
import type { Rect } from './raster.js';
import { readVariant } from './variant-line.js';
import { GRADE_SCALE, findCertNumber, isKeyComment, parseGrade } from './validators.js';
import { unsureName, unsureNameNote } from './title-names.js';
import { likelySlip, titleSlipNote } from './title-slips.js';
import { respaceText, respaceTitle } from './word-spacing.js';
import { isKnownWord } from './word-list.js';

/** Fields read from the label text, before the barcode cross-check (which sets barcode and confidence). */
export interface ParsedLabel extends Omit<LabelReading, 'confidence' | 'barcode' | 'fieldConfidence'> {
  artComments: string | null;
  /** The parser scores every field, so unlike a reading's, this record is complete. */
  fieldConfidence: Record<LabelField, number>;
  /** Where the certificate number sits (the barcode is just below it), in segment coordinates. */
  certBox: TextSegment['box'] | null;
  /** The header row's box (segment coordinates): its width tells how much of the image the label spans. */
  headerBox: TextSegment['box'] | null;
  /**
   * Where the cert number most likely is when none was read: the lowest centre line that is mostly
   * digits ('1N004014'), else null. The pipeline re-reads it (small-print.ts).
   */
  certGuessBox: TextSegment['box'] | null;
  /** The title line's box (segment coordinates), null when there is none. */
  titleBox: TextSegment['box'] | null;
  /**
   * The title line holds no issue number the parser could read: nothing after its '#' (short of
   * the label's right edge), or no '#' and no number at its end. The pipeline reads the line again
   * for a faint number (issue-after-hash.ts).
   */
  issueLost: boolean;
  /** The grade's box (segment coordinates), null when no grade was read. */
  gradeBox: TextSegment['box'] | null;
  /** The publisher-and-date row's box (segment coordinates), null when there is none. */
  publisherBox: TextSegment['box'] | null;
  /**
   * The variant line's box when it was read as one row (segment coordinates), else null, and the
   * text it was read from ('' when none): the pipeline reads its unknown words again (variant-words.ts).
   */
  variantBox: TextSegment['box'] | null;
  variantText: string;
  /** The text the publisher-and-date row and the cert number were read from, '' when none. */
  publisherText: string;
  certText: string;
  /** How much label structure was found, 0..1 (header, grade, title, cert): picks the rotation. */
  structure: number;
}

/** The note on a title line with no issue number the parser could read. */
export const NO_ISSUE_NOTE = 'No issue number found on the title line.';

/** The header words and what they say about the label. */
const LABEL_TYPE_WORDS: readonly [RegExp, LabelType][] = [
  [/SIGNATURE|SERIES|SIGNED/, 'Signature Series'],
  [/QUALIFIED/, 'Qualified'],
  [/RESTORED|CONSERVED|RESTORATION/, 'Restored'],
  [/UNIVERSAL/, 'Universal'],
];

const PAGE_QUALITIES = [
  'WHITE',
  'OFF-WHITE TO WHITE',
  'OFF-WHITE',
  'CREAM TO OFF-WHITE',
  'CREAM',
  'LIGHT TAN TO OFF-WHITE',
  'LIGHT TAN',
  'TAN TO OFF-WHITE',
  'TAN',
  'BRITTLE',
];

/**
 * A page-quality line's words match a quality with at most this share of their letters wrong: a
 * line that reads 'Pages' whole, strictly; one matched loosely (its 'Pages' misread too, or its
 * quality), at LOOSE_PAGE_CERTAINTY (ADR 0072).
 */
const STRICT_PAGE_SHARE = 0.25;
const LOOSE_PAGE_SHARE = 0.45;
const LOOSE_PAGE_CERTAINTY = 0.7;

/** A key-comments line holds at least three letters. */
const KEY_COMMENT_WORDS = /(?:[A-Za-z][^A-Za-z]*){3}/;

/**
 * Most confidence a publisher line's reading keeps, by how it matched the list (publishers.ts): a
 * listed name keeps the line's score; one with another listed name nearly as close ('near') is
 * asked to be checked; an unlisted one that reads as words stays low (it may carry an OCR slip
 * nobody can repair); noise is dropped.
 */
const PUBLISHER_CONFIDENCE_CAP: Readonly<Record<PublisherMatch, number>> = {
  close: 1,
  near: 0.5,
  words: GUESS_CONFIDENCE,
  none: 0,
};

/**
 * Most confidence a title keeps with a word that looks misread (title-slips.ts): asked to be checked
 * (0.47 calibrated by the table in calibration-table.ts), not taken as sure.
 */
export const SLIP_TITLE_CONFIDENCE = 0.7;

/** The widest a header row's pieces may span together, as a share of the label image's width. */
const HEADER_MAX_SHARE = 0.5;
/** Boxes of one row overlap by at least this share of the shorter one's height. */
const ROW_OVERLAP = 0.5;

/**
 * Adds to `row` (the pieces that read as a header, left to right) the header's other pieces: boxes
 * that are part of a printed header's words (`isHeaderPiece`) and overlap a piece of the row they
 * stand next to by half their height. On a label turned a few degrees the header is often found
 * as several boxes ('CGC', 'UNI', 'SAL GRADE'), whose centres step down the label; the row test by
 * centres kept only the piece that read as a header, and its box, a third of the header, set the
 * centre column and the unit every other line is placed by (the title was then looked for off
 * centre and lost). Pieces are joined only while the row spans at most HEADER_MAX_SHARE of the
 * image: a whole label's header spans 0.33-0.40 of it.
 */
function joinHeaderPieces(row: TextSegment[], words: readonly TextSegment[], labelWidth: number): void {
  const overlaps = (a: TextSegment['box'], b: TextSegment['box']) =>
    Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) >=
    ROW_OVERLAP * Math.min(a.height, b.height);
  for (let added = true; added;) {
    added = false;
    for (const piece of words) {
      if (row.includes(piece) || !isHeaderPiece(piece.text)) continue;
      // The row's piece nearest it along the row is the one it must line up with.
      const nearest = row.reduce((best, o) =>
        Math.abs(centreX(o.box) - centreX(piece.box)) < Math.abs(centreX(best.box) - centreX(piece.box))
          ? o
          : best,
      );
      if (!overlaps(nearest.box, piece.box)) continue;
      if (unionBox([piece, ...row].map((o) => o.box)).width > HEADER_MAX_SHARE * labelWidth) continue;
      row.push(piece);
      row.sort((a, b) => a.box.x - b.box.x);
      added = true;
    }
  }
}

/**
 * Fewest printed characters cut off that make the header box grow. One character is a twentieth
 * of the header, within the padding of the region read around it (AROUND_SIDE in label-pipeline.ts);
 * growing the box for it only moved that region a little, which changed the reading at random
 * (dev-041 on phone seed 2 went unread, dev-004 on seed 4 changed only in confidences).
 */
const MIN_CHARACTERS_CUT = 2;

/**
 * The header row's box grown to the whole printed header when what was read is a part of it
 * (`headerPartRead`) and the part left out has no room in the image on that side: the outline cut
 * that end of the label off ('CGC UNIVERSAL', with 'GRADE' beyond the image's right edge; phone
 * seed 4's dev-045). The header's width is the unit and its centre the axis every other line is
 * placed by, and the pipeline takes the label's extent from it to read it again whole. A part left
 * out that would fit in the image is not added: it was printed there and misread, and the box
 * may well span it.
 */
function completeHeaderBox(box: TextSegment['box'], text: string, labelWidth: number): TextSegment['box'] {
  const part = headerPartRead(text);
  if (!part) return box;
  const perCharacter = box.width / part.spanned;
  const before = part.before * perCharacter;
  const after = part.after * perCharacter;
  const cutBefore = before > 0 && box.x < before / 2;
  const cutAfter = after > 0 && labelWidth - (box.x + box.width) < after / 2;
  if ((cutBefore ? part.before : 0) + (cutAfter ? part.after : 0) < MIN_CHARACTERS_CUT) return box;
  const x = cutBefore ? box.x - before : box.x;
  return { ...box, x, width: box.x + box.width + (cutAfter ? after : 0) - x };
}

/**
 * A first centre line at least this much taller than a line below it with a '#' is the title line,
 * not that one: the title is printed about 1.3 times the height of the publisher and variant lines.
 */
const TITLE_LARGER = 1.15;

/** Parses the segments of one label image whose width is `labelWidth`. */
export function parseLabel(allSegments: readonly TextSegment[], labelWidth: number): ParsedLabel {
  let segments = allSegments;
  const notes: string[] = [];
  const confidence = emptyConfidence();
  const letters = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, '');

  // Header: the top-most row naming the grader or the label kind. Its letters are widely spaced,
  // so the layout step may have cut it into pieces: test whole rows and join them back. Pieces of
  // one row are about as tall as each other: a header box grown tall by blur or tilt must not take
  // in the title line just below it (measured against the shorter of the two). Header pieces are
  // words: a tilted header's tall box must not take in the grade beside it either ('9.6', no letters).
  let header: TextSegment | null = null;
  const words = segments.filter((o) => /[A-Za-z]/.test(o.text));
  for (const s of words) {
    const row = words
      .filter((o) => Math.abs(centreY(o.box) - centreY(s.box)) < 0.4 * Math.min(s.box.height, o.box.height))
      .sort((a, b) => a.box.x - b.box.x);
    if (isHeaderText(row.map((o) => o.text).join(' '))) {
      joinHeaderPieces(row, words, labelWidth);
      const rowText = row.map((o) => o.text).join(' ');
      const x0 = Math.min(...row.map((o) => o.box.x));
      const x1 = Math.max(...row.map((o) => o.box.x + o.box.width));
      header = {
        text: rowText,
        score: Math.min(...row.map((o) => o.score)),
        box: completeHeaderBox(
          { x: x0, y: Math.min(...row.map((o) => o.box.y)), width: x1 - x0, height: s.box.height },
          rowText,
          labelWidth,
        ),
      };
      segments = segments.filter((o) => !row.includes(o));
      break;
    }
  }
  const headerLetters = header ? letters(header.text) : '';
  let grader: Grader | null = null;
  if (/CBCS/.test(headerLetters)) grader = 'CBCS';
  else if (/PGX/.test(headerLetters)) grader = 'PGX';
  else if (/[CO]GC|UNIVERSALGRADE/.test(headerLetters)) grader = 'CGC';
  let labelType: LabelType | null = null;
  for (const [pattern, type] of LABEL_TYPE_WORDS) {
    if (pattern.test(headerLetters)) {
      labelType = type;
      break;
    }
  }
  if (header) {
    if (grader) confidence.grader = header.score;
    if (labelType) confidence.labelType = header.score;
  }

  // The centre column's axis: the header's centre, else the label's middle until the cert (below)
  // says better.
  let cx = header ? centreX(header.box) : labelWidth / 2;
  const unit = header ? header.box.width : labelWidth * 0.38;
  const headerBottom = header ? header.box.y + header.box.height * 0.8 : 0;
  const rel = (s: TextSegment) => (centreX(s.box) - cx) / unit;
  // The header's row is out of `segments` by now: these are the lines whose centre lies below `y`.
  const linesBelow = (y: number) => segments.filter((s) => centreY(s.box) > y);
  const below = linesBelow(headerBottom);

  // Grade: the tallest text that reads as a grade on the scale, below the header's middle. Not
  // below `headerBottom`: a header box the detector grew down over the lines under it (296 px tall
  // for a 60 px stripe, in a label enlarged from a small crop) has the grade's centre above it.
  const gradeTop = header ? centreY(header.box) : 0;
  let grade: number | null = null;
  let gradeSegment: TextSegment | null = null;
  for (const s of linesBelow(gradeTop)) {
    const value = parseGrade(s.text);
    if (value !== null && (!gradeSegment || s.box.height > gradeSegment.box.height)) {
      grade = value;
      gradeSegment = s;
    }
  }
  if (gradeSegment) confidence.cgcGrade = gradeSegment.score * (gradeSegment.text.includes('.') ? 1 : 0.8);
  const leftEdge = gradeSegment ? gradeSegment.box.x + gradeSegment.box.width : cx - 0.9 * unit;

  // Certificate number: in the centre column, the grader's format.
  let cert: string | null = null;
  let certSegment: TextSegment | null = null;
  for (const s of [...below].sort((a, b) => Math.abs(rel(a)) - Math.abs(rel(b)))) {
    if (s === gradeSegment) continue;
    const found = findCertNumber(s.text, grader);
    if (found) {
      cert = found;
      certSegment = s;
      break;
    }
  }
  // A cert number is as sure as its least sure digit: one blurred digit read as another ('2' for
  // '7') leaves the line's mean score high.
  if (certSegment)
    confidence.cgcCertNumber = Math.min(certSegment.score, certSegment.minProb ?? certSegment.score);
  // No header read: the label's middle is a guess that fails when the outline cut off one end of the
  // label (the title line then sat outside the centre column and went unread). The cert is printed
  // on the centre column's axis, as the title and publisher lines are: centre on it instead.
  if (!header && certSegment) cx = centreX(certSegment.box);
  // No cert read: the lowest centre line that is mostly digits is where it most likely is.
  const certGuess = certSegment
    ? null
    : ([...below]
        .filter((s) => s !== gradeSegment && Math.abs(rel(s)) < 0.33 && looksLikeDigits(s.text))
        .sort((a, b) => b.box.y - a.box.y)[0] ?? null);
  if (cert && !grader && /^\d{2}-/.test(cert)) grader = 'CBCS';
  if (cert && !grader) grader = 'CGC';

  const certTop = certSegment ? certSegment.box.y : Number.POSITIVE_INFINITY;
  const centre = below.filter(
    (s) => s !== gradeSegment && s !== certSegment && Math.abs(rel(s)) < 0.33 && centreY(s.box) < certTop,
  );

  // Title line: the first centre line, or the first with '#', split at the last '#'.
  const withHash = centre.find(
    (s) =>
      // A title before the '#': small-print noise read as '#' or '##' is no title line.
      /[A-Za-z0-9].*[A-Za-z].*#/.test(s.text) &&
      (!gradeSegment || s.box.y < gradeSegment.box.y + gradeSegment.box.height),
  );
  const first = centre[0];
  // The title is printed larger than the lines under it: a '#' read in a smaller line below the
  // first (the publisher line 'Counterpoint, 2024' read 'CngasL.2#2)' under 'Do You Pooh?1', its
  // '#' lost; dev-068 on phone seed 1) does not make that line the title.
  const titleSegment =
    withHash && first && first !== withHash && first.box.height >= TITLE_LARGER * withHash.box.height
      ? first
      : (withHash ?? first ?? null);
  let title = '';
  let issueNumber = '';
  // 'nn' taken from what is left of a misread '#nn' (a lone '#', a word like 'tnn'): a guess that
  // does not count as label structure, so the search for a better reading goes on as before.
  let issueFromMarks = false;
  let issueLost = false;
  if (titleSegment) {
    const text = titleSegment.text;
    // A line ending at the label's right edge may go on beyond the crop, its number with it.
    const runsOffLabel = reachesRightEdge(titleSegment.box, labelWidth);
    const hash = text.lastIndexOf('#');
    if (hash >= 0) {
      // A '#' read twice ('#nn' as '##', or '##1'): the title ends at the first of the run, the
      // issue starts after the last.
      let titleEnd = hash;
      while (titleEnd > 0 && text[titleEnd - 1] === '#') titleEnd--;
      title = respaceTitle(tidyTitle(text.slice(0, titleEnd)));
      const afterHash = text.slice(hash + 1);
      const nothingAfter = afterHash.trim() === '';
      // Nothing after the '#' at the label's right edge: the number may lie beyond the crop.
      const cutOff = nothingAfter && runsOffLabel;
      const issue = cutOff ? { issueNumber: '', certainty: 0 } : repairIssueNumber(afterHash);
      issueNumber = issue.issueNumber;
      issueFromMarks = nothingAfter && issueNumber !== '';
      issueLost = nothingAfter && !runsOffLabel;
      confidence.title = titleSegment.score;
      confidence.issueNumber = issueNumber ? titleSegment.score * issue.certainty : 0;
    } else {
      // The '#' is often lost on small photos: "X-23 1", "Fame: Mike Tyson nn"; or read as a
      // letter, or lost, right against the number (`gluedIssue`).
      const trailing = /^(.*\S)\s+(\d{1,4}[A-Za-z]?|nn)$/i.exec(text) ?? gluedIssue(text);
      const misreadNn = trailing ? null : MISREAD_NO_NUMBER.exec(text);
      title = respaceTitle(tidyTitle(trailing?.[1] ?? misreadNn?.[1] ?? text));
      issueNumber = misreadNn ? 'nn' : (trailing?.[2]?.replace(/^NN$/i, 'nn') ?? '');
      issueFromMarks = misreadNn !== null;
      issueLost = issueNumber === '' && !runsOffLabel;
      confidence.title = titleSegment.score * 0.7;
      confidence.issueNumber = issueNumber
        ? titleSegment.score * 0.6 * (misreadNn ? MISREAD_NN_CERTAINTY : 1)
        : 0;
      notes.push(
        issueNumber ? "The issue number's '#' was not read: please check the issue number." : NO_ISSUE_NOTE,
      );
    }
  }

  // A word one look-alike letter from a dictionary word ('Switt'): read as sure as the rest, and wrong.
  // Else a name no dictionary knows, with a letter the recogniser was unsure of ("G'mort's"): the same doubt.
  const slip = likelySlip(title);
  const name = slip ? null : unsureName(title, titleSegment?.letterProbs);
  const doubt = slip ? titleSlipNote(slip) : name ? unsureNameNote(name) : null;
  if (doubt) {
    confidence.title = Math.min(confidence.title, SLIP_TITLE_CONFIDENCE);
    notes.push(doubt);
  }

  // Publisher and date line: the next centre line below the title.
  const afterTitle = centre.filter(
    (s) => !titleSegment || centreY(s.box) > titleSegment.box.y + titleSegment.box.height * 0.75,
  );
  const publisherSegment = afterTitle[0] ?? null;
  let publisher = '';
  let labelDate: string | null = null;
  let publicationYear: number | null = null;
  let publisherRow: TextSegment[] = [];
  if (publisherSegment) {
    // The date may have been cut off into a segment of its own to the right: read the row whole.
    const row = afterTitle
      .filter(
        (s) =>
          s === publisherSegment ||
          (Math.abs(centreY(s.box) - centreY(publisherSegment.box)) < 0.4 * publisherSegment.box.height &&
            s.box.x > publisherSegment.box.x),
      )
      .sort((a, b) => a.box.x - b.box.x);
    publisherRow = row;
    const rowScore = Math.min(...row.map((s) => s.score));
    const split = splitDateLine(row.map((s) => s.text).join(' '));
    const snapped = snapPublisher(split.publisher);
    publisher = snapped.publisher;
    confidence.publisher = Math.min(PUBLISHER_CONFIDENCE_CAP[snapped.match], rowScore);
    labelDate = split.date;
    publicationYear = split.year;
    if (labelDate) {
      // A repaired date ('3r62', a lost slash) or one read off a noisy line is less sure.
      const dateScore = rowScore * (split.exact ? 1 : 0.85) * (snapped.match === 'none' ? 0.7 : 1);
      confidence.labelDate = dateScore;
      confidence.publicationYear = publicationYear !== null ? dateScore : 0;
    }
  }

  // Variant: centre lines between the publisher line and the certificate number, never the
  // page-quality line, kept only when they read as words.
  // Some labels set the centre column flush left (title, publisher and variant share a left edge,
  // not a centre): a short variant line there sits well left of the column's axis.
  const flushLeft =
    !!titleSegment &&
    !!publisherSegment &&
    Math.abs(titleSegment.box.x - publisherSegment.box.x) < LEFT_EDGE_TOLERANCE * unit &&
    Math.abs(rel(titleSegment) - rel(publisherSegment)) > 0.1;
  const onLeftEdge = (s: TextSegment) =>
    flushLeft && !!titleSegment && Math.abs(s.box.x - titleSegment.box.x) < LEFT_EDGE_TOLERANCE * unit;
  const publisherBox = publisherRow.length ? unionBox(publisherRow.map((s) => s.box)) : null;
  // No cert line found at all, not even a line of digits: on a blurred label the detector misses
  // the cert's faint grey print more often than the recogniser does (ADR 0045). Its place follows
  // from the header and the publisher line, so the small-print re-reads can look there.
  const certPlace =
    !certSegment && !certGuess && header && publisherBox
      ? certPlaceBelow(publisherBox, cx, unit, flushLeft)
      : null;
  const variantLines = withoutPrintedNotes(
    afterTitle
      .slice(1)
      .filter((s) => (Math.abs(rel(s)) < 0.25 || onLeftEdge(s)) && !publisherRow.includes(s)),
  );
  const variantRead = readVariant(variantLines.map((s) => s.text).join(' '));
  const variant = variantRead.variant;
  if (variant) confidence.variant = Math.min(...variantLines.map((s) => s.score)) * variantRead.certainty;
  else if (variantLines.length) confidence.variant = 0.1;
  else if (certSegment && publisherSegment) confidence.variant = 0.6;

  // Page quality: "WHITE Pages" under the grade. Its small print is often misread ("WNTE Peper",
  // "WRTE haps"): besides a line with PAGE in it, take the line under the grade that ends in a
  // P-word, and match its first words loosely to the few page qualities, at lower confidence.
  let pageQuality: string | null = null;
  let pagesSegment = below.find((s) => /PAGE/.test(letters(s.text)) && rel(s) < -0.3) ?? null;
  let pageLetters = pagesSegment ? letters(pagesSegment.text).replace(/PAGES?.*$/, '') : '';
  let pageCertainty = 1;
  if (!pagesSegment && gradeSegment) {
    const under = below.find(
      (s) =>
        s !== gradeSegment &&
        rel(s) < -0.3 &&
        s.box.y > gradeSegment.box.y + gradeSegment.box.height * 0.6 &&
        s.box.x < leftEdge - 0.02 * unit &&
        /^\S+(?:\s+\S+)*\s+[PpF][A-Za-z]{0,5}$/.test(s.text.trim()),
    );
    if (under) {
      pagesSegment = under;
      pageLetters = letters(under.text.trim().replace(/\s+\S+$/, ''));
      pageCertainty = LOOSE_PAGE_CERTAINTY;
    }
  }
  if (pagesSegment) {
    const foundLoosely = pageCertainty < 1;
    const nearest = closestPageQuality(pageLetters);
    if (nearest && nearest.distance <= pageEditsAllowed(pageLetters, LOOSE_PAGE_SHARE)) {
      // A line whose 'Pages' came out whole keeps full certainty only within the strict bar; past
      // it ('WNTE Pages') it is taken as loosely as a line whose 'Pages' was misread too ('WNTE
      // Fages'), at the same certainty. Before, the clearer line gave nothing (ADR 0072).
      if (nearest.distance > pageEditsAllowed(pageLetters, STRICT_PAGE_SHARE)) {
        pageCertainty = LOOSE_PAGE_CERTAINTY;
      }
      pageQuality = nearest.quality;
      confidence.pageQuality =
        pagesSegment.score * pageCertainty * (1 - nearest.distance / Math.max(4, pageLetters.length));
    } else if (foundLoosely) {
      pagesSegment = null;
    }
  }

  // Side columns: art credits left of centre, key comments right of centre (hologram beyond).
  // Key comments are words ('1st appearance of ...'): a number alone there is the cover's own print
  // seen through the slab ('108' read as key comments made keyIssue false at 1.0).
  const keyLines = below.filter(
    (s) => s !== certSegment && rel(s) > 0.3 && rel(s) < 0.92 && KEY_COMMENT_WORDS.test(s.text),
  );
  const artLines = below.filter(
    (s) => s !== gradeSegment && s !== pagesSegment && rel(s) < -0.3 && s.box.x >= leftEdge - 0.02 * unit,
  );
  const keyComments = keyLines.length
    ? keyLines.map((s) => respaceText(splitCamelCase(s.text))).join('\n')
    : null;
  const artComments = artLines.length ? artLines.map((s) => splitCamelCase(s.text)).join('\n') : null;
  if (keyComments) confidence.keyComments = Math.min(...keyLines.map((s) => s.score));
  let keyIssue: boolean | null = null;
  if (keyComments) {
    keyIssue = isKeyComment(keyComments);
    confidence.keyIssue = confidence.keyComments;
  } else if (header && certSegment) {
    // A label read well enough to find its cert but with no key comments: most likely none printed,
    // but tiny key-comment text is also what OCR misses first on small photos.
    keyIssue = false;
    confidence.keyIssue = 0.5;
  }

  const gradeWords = grade !== null ? (GRADE_SCALE.get(grade) ?? null) : null;
  if (gradeWords) confidence.gradeWords = confidence.cgcGrade;

  // A title line counts as label structure only with an issue number: cover text has none.
  const structure =
    (Number(!!header) +
      Number(!!gradeSegment) +
      Number(!!titleSegment && issueNumber !== '' && !issueFromMarks) +
      Number(!!certSegment)) /
    4;
  return {
    title,
    issueNumber,
    publisher,
    publicationYear,
    cgcGrade: grade,
    cgcCertNumber: cert,
    variant,
    keyIssue,
    labelDate,
    gradeWords,
    pageQuality,
    keyComments,
    artComments,
    labelType,
    grader,
    fieldConfidence: confidence,
    notes,
    certBox: certSegment?.box ?? null,
    headerBox: header?.box ?? null,
    certGuessBox: certGuess?.box ?? certPlace,
    titleBox: titleSegment?.box ?? null,
    issueLost,
    gradeBox: gradeSegment?.box ?? null,
    publisherBox,
    publisherText: publisherRow.map((s) => s.text).join(' '),
    variantBox: oneRow(variantLines) ? unionBox(variantLines.map((s) => s.box)) : null,
    variantText: variantLines.map((s) => s.text).join(' '),
    certText: certSegment?.text ?? '',
    structure,
  };
}

/**
 * The centre lines below the publisher line without a printed note above the variant line
 * ('Manufactured with 2224 printed on cover.', on some special editions): a sentence, ending in a
 * full stop, where a variant is a name and never ends in one. Read together with the variant line,
 * it made two rows that no variant reads as: the reader gave none, and the price guide could not
 * read the variant's own row (ADR 0051 reads only a one-row line). A note is dropped only with a
 * line left below it.
 */
function withoutPrintedNotes(lines: readonly TextSegment[]): TextSegment[] {
  const lowest = Math.max(...lines.map((s) => s.box.y));
  const aboveAnother = (s: TextSegment) => s.box.y + s.box.height / 2 < lowest;
  return lines.filter((s) => !(/\.\s*$/.test(s.text) && aboveAnother(s)));
}

/**
 * Where the cert number is printed, in header widths: its line's centre lies 0.18 below the
 * publisher line's (0.179-0.186 on the dev scans), and it is 0.23-0.24 wide and 0.05-0.06 tall.
 * The place is padded a little for the label's perspective in a photo; the re-reads pad it more.
 */
const CERT_BELOW_PUBLISHER = 0.182;
const CERT_PLACE_WIDTH = 0.26;
const CERT_PLACE_HEIGHT = 0.07;

/**
 * The cert number's place below the publisher line `publisher`: centred on the centre column's
 * axis `cx`, or starting at the publisher line's left edge on a label set flush left.
 */
function certPlaceBelow(publisher: TextSegment['box'], cx: number, unit: number, flushLeft: boolean) {
  const width = CERT_PLACE_WIDTH * unit;
  const height = CERT_PLACE_HEIGHT * unit;
  const y = centreY(publisher) + CERT_BELOW_PUBLISHER * unit - height / 2;
  const x = flushLeft ? publisher.x - 0.01 * unit : cx - width / 2;
  return { x, y, width, height };
}

/** Lines set flush left start within this share of the header's width of each other. */
const LEFT_EDGE_TOLERANCE = 0.04;

/** Whether segments lie on one row (each one's centre within the others' height): one line to read again. */
function oneRow(segments: readonly TextSegment[]): boolean {
  if (segments.length === 0) return false;
  const centres = segments.map((s) => centreY(s.box));
  const shortest = Math.min(...segments.map((s) => s.box.height));
  return Math.max(...centres) - Math.min(...centres) < 0.5 * shortest;
}

/** Text that is mostly digits or their look-alikes, at least 5 of them: a cert number misread. */
function looksLikeDigits(text: string): boolean {
  const chars = text.replace(/\s/g, '');
  const digits = chars.replace(/[^0-9OoIl|]/g, '');
  return digits.length >= 5 && digits.length >= 0.6 * chars.length;
}

function unionBox(boxes: readonly TextSegment['box'][]): TextSegment['box'] {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * Letters the recogniser gives for a digit at the end of a small number ('3t' for 31, '1l' for 11,
 * '2o' for 20): an issue number ending in one is more likely a misread digit than a letter suffix.
 */
const DIGIT_LIKE_SUFFIX = /^\d{1,4}[tlijoszbgqITLJOSZBGQ]$/;
/**
 * The digit each lower-case letter (and O, I, L, Z) is most often misread from, by shape: a blurred
 * '1' with its foot is 't'. Other capitals ('1B', '2S') are kept as read: they may be a real suffix.
 */
const DIGIT_FOR_LETTER: Readonly<Record<string, string>> = {
  t: '1',
  l: '1',
  i: '1',
  j: '1',
  I: '1',
  L: '1',
  o: '0',
  O: '0',
  s: '5',
  z: '2',
  Z: '2',
  b: '6',
  g: '9',
  q: '9',
};

/**
 * A title line whose '#' was read as a look-alike letter after a digit or a space ("w0ridtr33s1",
 * "Spider Men F1"), or glued to the word before ("Shadow Clonest1", a yellow label on the phone
 * bench), or lost between a word and the number ("Moon Man1"): [line, title, number] as from the
 * spaced form's match, or null. The word before a glued or lost '#' must be a dictionary word of
 * three letters or more, and with the look-alike none, so that a title ending in digits of its own
 * ('W0rld Tr33') keeps them.
 */
function gluedIssue(text: string): [string, string, string] | null {
  const lookalike = /^(.*[\d\s])[sSfFHt](\d{1,4})$/.exec(text);
  if (lookalike?.[1]?.trim() && lookalike[2]) return [text, lookalike[1].trimEnd(), lookalike[2]];
  // Not 's': glued to a word it makes a plural ('Avengers1' is the title 'Avengers', its '#' lost).
  const glued = /^(.*?([A-Za-z]{3,}))([fHt])(\d{1,4})$/.exec(text);
  if (glued?.[1] && glued[2] && glued[3] && glued[4]) {
    const word = glued[2];
    if (isKnownWord(word) && !isKnownWord(word + glued[3])) return [text, glued[1], glued[4]];
  }
  const lost = /^(.*?([A-Za-z]{3,}))(\d{1,4})$/.exec(text);
  if (lost?.[1] && lost[2] && lost[3] && isKnownWord(lost[2])) return [text, lost[1], lost[3]];
  return null;
}

/**
 * A title line with no '#' ending in what is left of '#nn' (a book with no number: 'Fame: Mike
 * Tyson #nn'), the '#' lost or read as a letter: a short word of its own, 'an', 'rn', 'Inn',
 * 'tnn', 'fen' (phone bench, seeds 1-4), 'Enn' (a yellow label). Lower case but for the 'I' of
 * 'Inn' and the 'E' of 'Enn': a title's own last word is capitalised, and 'Ian', 'Tan', 'Ten' or
 * 'Fan' may end a title.
 */
const MISREAD_NO_NUMBER = /^(.*\S)\s+([ltf1]?[ar]n|[IEltf1]nn|[lf1]en)$/;
/** How sure such a word is 'nn', before the lost '#' lowers it further. */
const MISREAD_NN_CERTAINTY = 0.6;

/** Share of the label's width within which a line's end counts as reaching its right edge. */
const RIGHT_EDGE_MARGIN = 0.01;

function reachesRightEdge(box: Rect, labelWidth: number): boolean {
  return box.x + box.width >= labelWidth * (1 - RIGHT_EDGE_MARGIN);
}

/**
 * An issue number as read after the '#': digits with an optional letter ("1", "129", "1A"), "nn"
 * (no number), or a word issue ("Annual 1"). "an"/"en"/"rn"/"n" is 'nn' misread (lower confidence); any
 * other short run of letters is a misread too and is kept with low confidence. A letter suffix is
 * rare on labels (variants have their own line): one that looks like a digit is taken for that
 * digit ('3t' -> '31'), with low confidence, so the seller checks it; any other is kept with some doubt.
 */
export function repairIssueNumber(read: string): { issueNumber: string; certainty: number } {
  const text = read.replace(/\s+/g, '');
  if (/^nn$/i.test(text)) return { issueNumber: 'nn', certainty: 1 };
  // Nothing after the '#' (or a second '#', 'Jordan ##'): the small 'nn' lost or read as '#'.
  // Digits, as large as the title's letters, are mostly read (a thin '1' was lost on dev-101).
  if (text === '') return { issueNumber: 'nn', certainty: 0.4 };
  if (/^\d{1,4}(?:\.\d)?$/.test(text)) return { issueNumber: text, certainty: 1 };
  if (DIGIT_LIKE_SUFFIX.test(text)) {
    const digit = DIGIT_FOR_LETTER[text.slice(-1)] ?? text.slice(-1);
    return { issueNumber: text.slice(0, -1) + digit, certainty: 0.5 };
  }
  if (/^\d{1,4}[A-Za-z]$/.test(text)) return { issueNumber: text, certainty: 0.8 };
  // A lone 'n' is 'nn' too: the recogniser's decoding merges a letter repeated without a gap.
  if (/^[a-z]n$|^n[a-z]$|^rn$|^m$|^n$/i.test(text)) return { issueNumber: 'nn', certainty: 0.6 };
  return { issueNumber: text, certainty: 0.5 };
}

/** Splits "Marvel Comics, 4/23" into publisher and date (label-date.ts has the forms). */
export function splitPublisherLine(text: string): { publisher: string; date: string | null } {
  const { publisher, date } = splitDateLine(text);
  return { publisher, date };
}

/**
 * Puts back spaces PP-OCR dropped between words ("JoeKelly story" -> "Joe Kelly story") and
 * before quotes. Not used on titles, where "SpongeBob" or "ThunderCats" are real spellings.
 */
export function splitCamelCase(text: string): string {
  return text
    .replace(/(?<=[a-z])(?<!\bMa?c|\bD[eiu]|\bL[ae])(?=[A-Z])/g, ' ')
    .replace(/[“”]/g, '"')
    .replace(/\s*"([^"]+)"\s*/g, ' "$1" ')
    .replace(/(story|art|cover)(?=[A-Z&])/g, '$1 ')
    .replace(/\s*&\s*/g, ' & ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cleans a title: spacing around colons, and two OCR slips that are safe to undo. */
export function tidyTitle(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      .replace(/\s*:\s*/g, ': ')
      .trim()
      .replace(/[,:;\s]+$/, '')
      // A capital I read as a lower-case l before a consonant no English word starts with ("lvy" -> "Ivy").
      .replace(/\bl(?=[bcdfghjkmnpqrstvwxz])/g, 'I')
      // A zero read as the letter O inside a word that mixes letters and digits ("wOrldtr33").
      .replace(/\S+/g, (word) => (/\d/.test(word) && /[a-z]/.test(word) ? word.replace(/O/g, '0') : word))
  );
}

/** The page quality closest to the read letters (the first of equals), with its edit distance; null for no letters. */
function closestPageQuality(letters: string): { quality: string; distance: number } | null {
  if (!letters) return null;
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const quality of PAGE_QUALITIES) {
    const distance = editDistance(letters, quality.replace(/[^A-Z]/g, ''));
    if (distance < bestDistance) {
      bestDistance = distance;
      best = quality;
    }
  }
  return best !== null ? { quality: best, distance: bestDistance } : null;
}

/** The edits a page quality may be from the read letters: `share` of them, at least one (two past the strict share). */
function pageEditsAllowed(letters: string, share: number): number {
  return Math.max(share > STRICT_PAGE_SHARE ? 2 : 1, Math.floor(letters.length * share));
}

function emptyConfidence(): Record<LabelField, number> {
  return {
    title: 0,
    issueNumber: 0,
    publisher: 0,
    publicationYear: 0,
    cgcGrade: 0,
    cgcCertNumber: 0,
    variant: 0,
    keyIssue: 0,
    labelDate: 0,
    gradeWords: 0,
    pageQuality: 0,
    keyComments: 0,
    labelType: 0,
    grader: 0,
  };
}
