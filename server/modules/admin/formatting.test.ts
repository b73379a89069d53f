import { describe, expect, it } from 'vitest';
import { formatResponseTime } from './admin-stats.js';
import { csvLine, csvMoney, csvText } from './csv.js';
import { containsPattern, referenceRange } from './list-filters.js';

describe('formatResponseTime', () => {
  it('shows hours under two days, then days, and the default without data', () => {
    expect(formatResponseTime(null)).toBe('0hrs');
    expect(formatResponseTime(20 * 60_000)).toBe('0hrs');
    expect(formatResponseTime(3 * 3_600_000)).toBe('3hrs');
    expect(formatResponseTime(47 * 3_600_000)).toBe('47hrs');
    expect(formatResponseTime(48 * 3_600_000)).toBe('2 days');
    expect(formatResponseTime(10.4 * 24 * 3_600_000)).toBe('10 days');
  });
});

describe('csv', () => {
  it('quotes text, doubles quotes and neutralises formulas', () => {
    expect(csvText('Saga, "Deluxe"')).toBe('"Saga, ""Deluxe"""');
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvText(formula)).toBe(`"'${formula}"`);
    }
    expect(csvText(null)).toBe('');
    expect(csvText('line\nbreak')).toBe('"line\nbreak"');
  });
  it('writes money as plain dollars', () => {
    expect(csvMoney(123450)).toBe('1234.50');
    expect(csvMoney(5)).toBe('0.05');
    expect(csvMoney(null)).toBe('');
    expect(csvLine(['a', '1'])).toBe('a,1\r\n');
  });
});

describe('referenceRange', () => {
  it('reads the short reference, the label code and a full id', () => {
    expect(referenceRange('3F2A9C1E')).toEqual({
      from: '3f2a9c1e-0000-0000-0000-000000000000',
      to: '3f2a9c1e-ffff-ffff-ffff-ffffffffffff',
    });
    expect(referenceRange('#3f2a9c1e')).toEqual(referenceRange('AC3F2A9C1E'));
    // 'ACDC1234' is a whole reference, not 'AC' + a prefix.
    expect(referenceRange('ACDC1234')!.from).toBe('acdc1234-0000-0000-0000-000000000000');
    const id = '3f2a9c1e-1111-4222-8333-444455556666';
    expect(referenceRange(id.toUpperCase())).toEqual({ from: id, to: id });
  });
  it('takes a prefix only when searching, and nothing that is not hex', () => {
    expect(referenceRange('3f2a')).toBeNull();
    expect(referenceRange('3f2a', { partial: true })!.to).toBe('3f2affff-ffff-ffff-ffff-ffffffffffff');
    expect(referenceRange('spider', { partial: true })).toBeNull();
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
