import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../project-root.js';
import { parseCsv } from './csv.js';
import { parseImportFile } from './import-rows.js';

const HEADER =
  'title,issue,publisher,variant,cover_date,grade,label,fair_market_value_usd,sales_last_365_days,avg_30_days_usd,avg_90_days_usd,avg_365_days_usd,as_of';

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, commas and line breaks inside quotes, with the starting line', () => {
    const records = parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n\n last,row');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 3, fields: ['two\nlines', 'z'] },
      { line: 6, fields: [' last', 'row'] },
    ]);
  });

  it('keeps a quote inside an unquoted field, text after a closing quote, empty fields and a last line without a break', () => {
    expect(parseCsv('5" Action,  "quoted" tail,,\r\n"a\n\nb",c\r\nx,"y"')).toEqual([
      { line: 1, fields: ['5" Action', 'quoted tail', '', ''] },
      { line: 2, fields: ['a\n\nb', 'c'] },
      { line: 5, fields: ['x', 'y'] },
    ]);
  });
});

describe('parseImportFile', () => {
  it('reads the sample price guide without an error', () => {
    const csv = readFileSync(
      path.join(projectRoot, '..', 'shared', 'data', 'market-values-sample.csv'),
      'utf8',
    );
    const parsed = parseImportFile(csv);
    expect(parsed.kind).toBe('price-guide');
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toHaveLength(127);
    const venom = parsed.rows[0]!;
    expect(venom).toMatchObject({
      line: 2,
      title: 'Venom',
      variant: 'Black Saber Comics "Virgin" Edition',
      grade: 9.8,
      fairValueCents: 8500,
      salesLastYear: 2,
      avg30DaysCents: null,
      avg365DaysCents: 8300,
      asOf: '2026-08-17',
    });
    const taylor = parsed.rows.find((row) => row.title.startsWith('Female Force'))!;
    expect(taylor.issueKey).toBe('nn');
  });

  it('names every bad row by its line and reason', () => {
    const csv = [
      HEADER,
      'Batman,1,DC Comics,,1/40,9.8,Universal,100,1,,,,2026-08-17',
      ',2,DC Comics,,,9.7,Universal,abc,x,,,,2026-13-01',
      '"Quoted, title\nover two lines",3,DC,,,9.8,Universal,-5,,,,,2026-08-17',
      'Superman,4,DC,,,9.8,Universal,50,,,,,',
    ].join('\n');
    const parsed = parseImportFile(csv);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.errors.map((e) => e.line)).toEqual([3, 4, 6]);
    expect(parsed.errors[0]!.message).toBe(
      "Line 3: title is missing; grade '9.7' is not on the 0.5-10.0 grading scale; fair_market_value_usd 'abc' is not an amount from 0 to 200000; sales_last_365_days 'x' is not a whole number; as_of '2026-13-01' is not a date written YYYY-MM-DD.",
    );
    expect(parsed.errors[1]!.message).toMatch(/^Line 4: fair_market_value_usd '-5'/);
    expect(parsed.errors[2]!.message).toBe('Line 6: as_of is missing.');
  });

  it('reads a sales file and refuses a file of the other kind when one is expected', () => {
    const sales =
      'title,issue,variant,grade,price,date,source\nAmazing Spider-Man,300,,9.8,"$1,250.00",2026-10-01,eBay';
    const parsed = parseImportFile(sales);
    expect(parsed.kind).toBe('sales');
    expect(parsed.rows[0]).toMatchObject({
      priceCents: 125000,
      soldOn: '2026-10-01',
      source: 'eBay',
      issueKey: '300',
    });
    expect(parseImportFile(sales, 'price-guide').errors[0]!.message).toBe(
      'Line 1: this is a sales file, not a price guide.',
    );
  });

  it('refuses a file without the needed columns, an empty file, an unclosed quote and unstorable text', () => {
    expect(parseImportFile('name,price\nx,1').errors[0]!.message).toMatch(
      /^Line 1: the header must name the columns/,
    );
    expect(parseImportFile('').errors[0]!.message).toBe('Line 1: the file is empty.');
    expect(parseImportFile(`${HEADER}\n"Batman,1`).errors[0]!.message).toBe(
      'Line 2: a quoted field is never closed.',
    );
    const leapDays = parseImportFile(
      `${HEADER}\nBatman,1,DC,,,9.8,Universal,10,,,,,2024-02-29\nBatman,2,DC,,,9.8,Universal,10,,,,,2026-02-29`,
    );
    expect(leapDays.errors.map((error) => error.line)).toEqual([3]);
    const nul = parseImportFile(`${HEADER}\nBat\u0000man,1,DC,,,9.8,Universal,10,,,,,2026-08-17`);
    expect(nul.errors[0]!.message).toBe('Line 2: title contains characters that cannot be saved.');
  });
});
