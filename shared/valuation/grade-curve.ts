// The grade curve: how much a copy at one grade is worth relative to a 9.8 of the same book. Used
// only when the price guide has no figure at the comic's own grade: the value is carried over from
// the book's nearest graded figures along this curve. The shape follows the price-guide pattern for
// modern and copper-age books (a 9.6 sells for about 60% of a 9.8, a 9.4 for about half, and the
// curve flattens below 8.0); older keys are steeper, which the book's own figures correct for when
// it has more than one grade. Documented in docs/decisions/0011-market-values-and-offers.md.

/** Value at each grade relative to the same book at 9.8 (1.0). */
export const GRADE_CURVE: ReadonlyArray<readonly [grade: number, relative: number]> = [
  [10, 2.5],
  [9.9, 1.8],
  [9.8, 1],
  [9.6, 0.62],
  [9.4, 0.48],
  [9.2, 0.4],
  [9, 0.34],
  [8.5, 0.28],
  [8, 0.24],
  [7.5, 0.21],
  [7, 0.19],
  [6.5, 0.17],
  [6, 0.15],
  [5.5, 0.135],
  [5, 0.12],
  [4.5, 0.11],
  [4, 0.1],
  [3.5, 0.09],
  [3, 0.08],
  [2.5, 0.07],
  [2, 0.06],
  [1.8, 0.055],
  [1.5, 0.05],
  [1, 0.04],
  [0.5, 0.03],
];

/** The curve's relative value at a grade; grades between steps interpolate in log space. */
export function relativeValue(grade: number): number {
  const first = GRADE_CURVE[0]!;
  const last = GRADE_CURVE[GRADE_CURVE.length - 1]!;
  if (grade >= first[0]) return first[1];
  if (grade <= last[0]) return last[1];
  for (let index = 1; index < GRADE_CURVE.length; index += 1) {
    const [lowerGrade, lowerValue] = GRADE_CURVE[index]!;
    const [upperGrade, upperValue] = GRADE_CURVE[index - 1]!;
    if (grade >= lowerGrade) {
      const t = (grade - lowerGrade) / (upperGrade - lowerGrade);
      return Math.exp(Math.log(lowerValue) + t * (Math.log(upperValue) - Math.log(lowerValue)));
    }
  }
  return last[1];
}

/** A value known at one grade carried to another along the curve: 100 at 9.8 -> 62 at 9.6. */
export function carryAlongCurve(valueCents: number, fromGrade: number, toGrade: number): number {
  return Math.round((valueCents * relativeValue(toGrade)) / relativeValue(fromGrade));
}

/** How many steps of the grading scale lie between two grades (9.8 to 9.4 is 2): nearer figures count more. */
export function gradeSteps(a: number, b: number): number {
  const index = (grade: number) => {
    let best = 0;
    GRADE_CURVE.forEach(([step], i) => {
      if (Math.abs(step - grade) < Math.abs(GRADE_CURVE[best]![0] - grade)) best = i;
    });
    return best;
  };
  return Math.abs(index(a) - index(b));
}
