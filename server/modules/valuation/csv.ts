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

/** Splits CSV text into records; blank lines are skipped. */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let line = 1;
  let recordLine = 1;
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let quoteLine = 0;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]!.trim() === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i]!;
    if (inQuotes) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 1;
        } else {
          inQuotes = false;
        }
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"' && field.trim() === '') {
      inQuotes = true;
      quoteLine = line;
      field = '';
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (inQuotes) throw new CsvSyntaxError(quoteLine, `Line ${quoteLine}: a quoted field is never closed.`);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
