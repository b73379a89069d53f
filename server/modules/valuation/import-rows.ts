// Turns a price-guide or sales CSV into checked rows, or into a list of row errors with line numbers.
// Pure: no database. The import writes nothing unless every row passes (see import-command.ts).
import { isCgcGrade, COMIC_TEXT_LIMITS } from '../../../shared/schemas/comic.js';
import { isStorableText } from '../../../shared/schemas/safe-text.js';
import type { ImportKind, ImportRowError } from '../../../shared/schemas/valuation.js';
import { MAX_MONEY_CENTS, parseMoneyToCents } from '../../../shared/money.js';
import { issueKey, publisherKey, titleKey, variantKey } from '../../../shared/valuation/normalise.js';
import { parseCsv, CsvSyntaxError, type CsvRecord } from './csv.js';

/** The book a row describes, with its match keys. */
export interface BookFields {
  title: string;
  titleKey: string;
  issue: string;
  issueKey: string;
  publisher: string;
  publisherKey: string;
  variant: string;
  variantKey: string;
  grade: number;
}

/** A checked price-guide row. */
export interface GuideRow extends BookFields {
  line: number;
  coverDate: string;
  labelCategory: string;
  fairValueCents: number;
  salesLastYear: number | null;
  avg30DaysCents: number | null;
  avg90DaysCents: number | null;
  avg365DaysCents: number | null;
  asOf: string;
}

/** A checked sale. */
export interface SaleRow extends BookFields {
  line: number;
  priceCents: number;
  soldOn: string;
  source: string;
}

/** The outcome of reading a file. */
export type ParsedImport =
  | { kind: 'price-guide'; rows: GuideRow[]; errors: ImportRowError[] }
  | { kind: 'sales'; rows: SaleRow[]; errors: ImportRowError[] };

/** Columns of the price-guide file (the shape of market-values-sample.csv); starred ones are required. */
export const GUIDE_COLUMNS = {
  required: ['title', 'issue', 'grade', 'fair_market_value_usd', 'as_of'],
  optional: [
    'publisher',
    'variant',
    'cover_date',
    'label',
    'sales_last_365_days',
    'avg_30_days_usd',
    'avg_90_days_usd',
    'avg_365_days_usd',
  ],
} as const;

/** Columns of the sales file. */
export const SALES_COLUMNS = {
  required: ['title', 'issue', 'grade', 'price', 'date'],
  optional: ['variant', 'source', 'publisher'],
} as const;

/** Files larger than this many data rows are refused (a dealer's full export is ~100,000). */
export const MAX_IMPORT_ROWS = 500_000;
/** At most this many row errors are reported: enough to fix a file, not a flood. */
export const MAX_REPORTED_ERRORS = 100;

const LIMITS = { source: 200, coverDate: 20, label: 50 } as const;

/** Which kind of file a header row describes, or null when it is neither. */
export function detectKind(header: readonly string[]): ImportKind | null {
  const names = new Set(header.map(columnName));
  if (GUIDE_COLUMNS.required.every((name) => names.has(name))) return 'price-guide';
  if (SALES_COLUMNS.required.every((name) => names.has(name))) return 'sales';
  return null;
}

function columnName(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, '_');
}

/** Days in each month of a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A YYYY-MM-DD date that exists, or null (arithmetic, not Date parsing: it runs for every row). */
function isoDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1930 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!;
  return day <= days ? value : null;
}

/** Reads a CSV file of either kind. `expected` refuses a file of the other kind. */
export function parseImportFile(text: string, expected?: ImportKind): ParsedImport {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return emptyResult(expected, [{ line: error.line, message: error.message }]);
    throw error;
  }
  const [header, ...data] = records;
  if (!header) return emptyResult(expected, [{ line: 1, message: 'Line 1: the file is empty.' }]);
  const kind = detectKind(header.fields);
  if (!kind) {
    return emptyResult(expected, [
      {
        line: header.line,
        message:
          `Line ${header.line}: the header must name the columns. A price guide needs ` +
          `${GUIDE_COLUMNS.required.join(', ')}; a sales file needs ${SALES_COLUMNS.required.join(', ')}.`,
      },
    ]);
  }
  if (expected && kind !== expected) {
    const name = (k: ImportKind) => (k === 'price-guide' ? 'a price guide' : 'a sales file');
    return emptyResult(expected, [
      { line: header.line, message: `Line ${header.line}: this is ${name(kind)}, not ${name(expected)}.` },
    ]);
  }
  if (data.length > MAX_IMPORT_ROWS) {
    return emptyResult(kind, [
      {
        line: header.line,
        message: `The file has ${data.length} rows; at most ${MAX_IMPORT_ROWS} can be imported at once.`,
      },
    ]);
  }
  const index = new Map(header.fields.map((raw, position) => [columnName(raw), position]));
  const errors: ImportRowError[] = [];
  const rows: Array<GuideRow | SaleRow> = [];
  // One getter for every record (it reads the current one): a closure made per record costs more
  // than the rest of the row's checks on a 100,000-row file.
  let fields: readonly string[] = [];
  const get: Getter = (name) => {
    const position = index.get(name);
    return position === undefined ? '' : (fields[position] ?? '').trim();
  };
  for (const record of data) {
    const problems: string[] = [];
    fields = record.fields;
    const book = readBook(get, problems);
    const row =
      kind === 'price-guide'
        ? readGuide(get, problems, book, record.line)
        : readSale(get, problems, book, record.line);
    if (record.fields.length > header.fields.length) {
      problems.push(`it has ${record.fields.length} fields but the header has ${header.fields.length}`);
    }
    if (problems.length > 0) {
      if (errors.length < MAX_REPORTED_ERRORS) {
        errors.push({ line: record.line, message: `Line ${record.line}: ${problems.join('; ')}.` });
      } else if (errors.length === MAX_REPORTED_ERRORS) {
        errors.push({ line: record.line, message: 'More rows have errors; fix these first.' });
      }
      continue;
    }
    rows.push(row);
  }
  return kind === 'price-guide'
    ? { kind, rows: rows as GuideRow[], errors }
    : { kind, rows: rows as SaleRow[], errors };
}

function emptyResult(kind: ImportKind | undefined, errors: ImportRowError[]): ParsedImport {
  return kind === 'sales' ? { kind, rows: [], errors } : { kind: 'price-guide', rows: [], errors };
}

type Getter = (name: string) => string;

function text(get: Getter, name: string, max: number, problems: string[], required: boolean): string {
  const value = get(name);
  if (required && value === '') problems.push(`${name} is missing`);
  else if (value.length > max) problems.push(`${name} is longer than ${max} characters`);
  else if (!isStorableText(value)) problems.push(`${name} contains characters that cannot be saved`);
  return value;
}

function money(get: Getter, name: string, problems: string[], required: boolean): number | null {
  const value = get(name);
  if (value === '') {
    if (required) problems.push(`${name} is missing`);
    return null;
  }
  const cents = parseMoneyToCents(value);
  if (cents === null || cents < 0 || cents > MAX_MONEY_CENTS) {
    problems.push(`${name} '${value.slice(0, 20)}' is not an amount from 0 to ${MAX_MONEY_CENTS / 100}`);
    return null;
  }
  return cents;
}

function readBook(get: Getter, problems: string[]): BookFields {
  const title = text(get, 'title', COMIC_TEXT_LIMITS.title, problems, true);
  const issue = text(get, 'issue', COMIC_TEXT_LIMITS.issueNumber, problems, true);
  const publisher = text(get, 'publisher', COMIC_TEXT_LIMITS.publisher, problems, false);
  const variant = text(get, 'variant', COMIC_TEXT_LIMITS.variant, problems, false);
  const gradeText = get('grade');
  const grade = /^\d{1,2}(\.\d)?$/.test(gradeText) ? Number(gradeText) : Number.NaN;
  if (gradeText === '') problems.push('grade is missing');
  else if (!isCgcGrade(grade))
    problems.push(`grade '${gradeText.slice(0, 10)}' is not on the 0.5-10.0 grading scale`);
  const keyOfTitle = titleKey(title);
  const keyOfIssue = issueKey(issue);
  if (title !== '' && keyOfTitle === '') problems.push('title has no letters or digits');
  if (issue !== '' && keyOfIssue === '') problems.push('issue has no letters or digits');
  return {
    title,
    titleKey: keyOfTitle,
    issue,
    issueKey: keyOfIssue,
    publisher,
    publisherKey: publisherKey(publisher),
    variant,
    variantKey: variantKey(variant),
    grade,
  };
}

// The row is one object literal with every field named (no `{ ...book, ...row }`): V8 turns a spread
// of this many properties into a slow dictionary object, which cost more than all of a row's checks.
function readGuide(get: Getter, problems: string[], book: BookFields, line: number): GuideRow {
  const fairValueCents = money(get, 'fair_market_value_usd', problems, true);
  const salesText = get('sales_last_365_days');
  let salesLastYear: number | null = null;
  if (salesText !== '') {
    if (/^\d{1,7}$/.test(salesText)) salesLastYear = Number(salesText);
    else problems.push(`sales_last_365_days '${salesText.slice(0, 20)}' is not a whole number`);
  }
  const asOfText = get('as_of');
  const asOf = isoDate(asOfText);
  if (asOfText === '') problems.push('as_of is missing');
  else if (!asOf) problems.push(`as_of '${asOfText.slice(0, 20)}' is not a date written YYYY-MM-DD`);
  return {
    line,
    title: book.title,
    titleKey: book.titleKey,
    issue: book.issue,
    issueKey: book.issueKey,
    publisher: book.publisher,
    publisherKey: book.publisherKey,
    variant: book.variant,
    variantKey: book.variantKey,
    grade: book.grade,
    coverDate: text(get, 'cover_date', LIMITS.coverDate, problems, false),
    labelCategory: text(get, 'label', LIMITS.label, problems, false) || 'Universal',
    fairValueCents: fairValueCents ?? 0,
    salesLastYear,
    avg30DaysCents: money(get, 'avg_30_days_usd', problems, false),
    avg90DaysCents: money(get, 'avg_90_days_usd', problems, false),
    avg365DaysCents: money(get, 'avg_365_days_usd', problems, false),
    asOf: asOf ?? '',
  };
}

function readSale(get: Getter, problems: string[], book: BookFields, line: number): SaleRow {
  const priceCents = money(get, 'price', problems, true);
  const dateText = get('date');
  const soldOn = isoDate(dateText);
  if (dateText === '') problems.push('date is missing');
  else if (!soldOn) problems.push(`date '${dateText.slice(0, 20)}' is not a date written YYYY-MM-DD`);
  return {
    line,
    title: book.title,
    titleKey: book.titleKey,
    issue: book.issue,
    issueKey: book.issueKey,
    publisher: book.publisher,
    publisherKey: book.publisherKey,
    variant: book.variant,
    variantKey: book.variantKey,
    grade: book.grade,
    priceCents: priceCents ?? 0,
    soldOn: soldOn ?? '',
    source: text(get, 'source', LIMITS.source, problems, false),
  };
}
