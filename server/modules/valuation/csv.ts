// A small RFC 4180 CSV reader: quoted fields, doubled quotes, commas and line breaks inside quotes,
// CRLF or LF, a leading byte-order mark. Each record carries the file line it starts on, so an import
// can name the line a person sees in their spreadsheet or editor.

/** One record of a CSV file. */
export interface CsvRecord {
  /** 1-based line of the file where the record starts (the header is line 1). */
  line: number;
  fields: string[];
}

/** Thrown for a file that is not CSV at all (an unterminated quote). */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** The characters that end or change an unquoted stretch of a field. */
const SPECIAL = /[",\r\n]/g;

/**
 * Splits CSV text into records; blank lines are skipped. Fields are cut out of the text with
 * slices, one stretch at a time, never built a character at a time: a 100,000-row file would
 * otherwise make millions of short-lived strings (most of its parse time was the garbage collector).
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let line = 1;
  let recordLine = 1;
  let fields: string[] = [];
  let field = '';
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]!.trim() === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  let i = 0;
  while (i < input.length) {
    SPECIAL.lastIndex = i;
    const found = SPECIAL.exec(input);
    const stop = found ? found.index : input.length;
    if (stop > i) field += input.slice(i, stop);
    if (!found) break;
    const char = input[stop]!;
    i = stop + 1;
    if (char === '"') {
      // A quote opens a quoted stretch only at the start of a field (spaces before it are dropped);
      // elsewhere it is an ordinary character.
      if (field.trim() !== '') {
        field += '"';
        continue;
      }
      field = '';
      const quoteLine = line;
      for (;;) {
        const close = input.indexOf('"', i);
        const chunk = input.slice(i, close === -1 ? input.length : close);
        for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', nl + 1)) line += 1;
        field += chunk;
        if (close === -1) {
          throw new CsvSyntaxError(quoteLine, `Line ${quoteLine}: a quoted field is never closed.`);
        }
        if (input[close + 1] === '"') {
          field += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else {
      if (char === '\r' && input[i] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    }
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
