// String distances for matching what was read (OCR, a seller's typing) against known words and
// names: the label reader's closed lists and the price guide's titles share these.

/** Levenshtein distance, for matching noisy OCR against short closed lists. */
export function editDistance(a: string, b: string): number {
  return distancesToPrefixes(a, b)[b.length] ?? 0;
}

/**
 * `editDistance(a, b.slice(0, j))` for every j from 0 to b's length, in one pass: the distances
 * of `a` to each of b's beginnings (every run of a word that starts at one place, for the cost of
 * one distance).
 */
export function distancesToPrefixes(a: string, b: string): number[] {
  // column[i]: the distance of a's first i letters to the letters of b taken so far.
  const column = Array.from({ length: a.length + 1 }, (_, i) => i);
  const out = [a.length];
  for (let j = 1; j <= b.length; j++) {
    let diagonal = column[0] ?? 0;
    column[0] = j;
    for (let i = 1; i <= a.length; i++) {
      const above = column[i] ?? 0;
      column[i] = Math.min(above + 1, (column[i - 1] ?? 0) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
    out.push(column[a.length] ?? 0);
  }
  return out;
}

/**
 * The fewest edits that turn some run of `text` into `word` (Sellers' approximate substring match):
 * 0 when `text` contains `word`, 1 when it contains `word` with one letter misread, left out or added.
 */
export function substringDistance(text: string, word: string): number {
  // Column j holds the distance of `word`'s first j letters to the best run ending at text[i - 1];
  // a run may start anywhere, so the empty prefix costs nothing at every position.
  let column = Array.from({ length: word.length + 1 }, (_, j) => j);
  let best = column[word.length] ?? 0;
  for (let i = 1; i <= text.length; i++) {
    const next = [0];
    for (let j = 1; j <= word.length; j++) {
      const substitute = (column[j - 1] ?? 0) + (text[i - 1] === word[j - 1] ? 0 : 1);
      next.push(Math.min(substitute, (column[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1));
    }
    column = next;
    best = Math.min(best, column[word.length] ?? 0);
  }
  return best;
}

/** Rows reused by `withinEdits`, which a dictionary scan calls tens of thousands of times. */
let previousRow = new Int32Array(32);
let currentRow = new Int32Array(32);

/**
 * Whether `a` and `b` are at most `most` edits apart: the same answer as `editDistance(a, b) <=
 * most`, but it stops once every entry of a row is past `most` (for scanning a whole dictionary).
 */
export function withinEdits(a: string, b: string, most: number): boolean {
  if (Math.abs(a.length - b.length) > most) return false;
  if (b.length + 1 > previousRow.length) {
    previousRow = new Int32Array(2 * (b.length + 1));
    currentRow = new Int32Array(2 * (b.length + 1));
  }
  let row = previousRow;
  let next = currentRow;
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    next[0] = i;
    let smallest = i;
    const char = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(
        (row[j] ?? 0) + 1,
        (next[j - 1] ?? 0) + 1,
        (row[j - 1] ?? 0) + (char === b.charCodeAt(j - 1) ? 0 : 1),
      );
      next[j] = value;
      if (value < smallest) smallest = value;
    }
    if (smallest > most) return false;
    [row, next] = [next, row];
  }
  return (row[b.length] ?? 0) <= most;
}
