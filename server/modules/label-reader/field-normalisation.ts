// How two readings of a field are compared (benchmark against the grader's record, tests):
// the label and the record differ in punctuation, case and spacing, never in substance.

/** Title key: lower case, letters and digits only ("Female Force: Taylor Swift" == "female force taylor swift"). */
export function normaliseTitle(title: string | null | undefined): string {
  return (title ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');
}

/** Publisher key: like titles, so "D.C. Comics" == "DC Comics" and "Boom! Studios" == "BOOM Studios". */
export function normalisePublisher(publisher: string | null | undefined): string {
  return normaliseTitle(publisher);
}

/** Issue number key: "#001" == "1", "NN" == "nn". */
export function normaliseIssueNumber(issue: string | null | undefined): string {
  const cleaned = (issue ?? '').toLowerCase().replace(/[#\s]/g, '');
  return /^\d+$/.test(cleaned) ? String(Number(cleaned)) : cleaned;
}

/** Certificate key: digits, letters and dashes only, upper case. */
export function normaliseCertNumber(cert: string | null | undefined): string {
  return (cert ?? '').toUpperCase().replace(/[^0-9A-Z-]/g, '');
}

/** Grade key: the number, or null. Accepts "9.8", 9.8, "9.80". */
export function normaliseGrade(grade: string | number | null | undefined): number | null {
  if (grade === null || grade === undefined || grade === '') return null;
  const value = typeof grade === 'number' ? grade : Number(String(grade).replace(',', '.'));
  return Number.isFinite(value) ? Math.round(value * 10) / 10 : null;
}

/** Free text key (variant, page quality): lower case letters and digits. */
export function normaliseText(text: string | null | undefined): string {
  return normaliseTitle(text);
}
