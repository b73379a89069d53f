import { describe, expect, it } from 'vitest';
import {
  findCertNumber,
  isKeyComment,
  isPlausibleYear,
  isValidCertNumber,
  isValidGrade,
  parseGrade,
  parsePrintedGrade,
  yearFromLabelDate,
} from './validators.js';

describe('grades', () => {
  it('accepts only steps of the 0.5-10.0 scale', () => {
    for (const grade of [0.5, 1, 1.8, 4.5, 9, 9.2, 9.8, 9.9, 10]) expect(isValidGrade(grade)).toBe(true);
    for (const grade of [0, 0.4, 1.7, 9.7, 9.1, 10.5, 11]) expect(isValidGrade(grade)).toBe(false);
  });

  it('reads the big grade digits, repairing a lost dot and letter look-alikes', () => {
    expect(parseGrade('9.8')).toBe(9.8);
    expect(parseGrade('9,6')).toBe(9.6);
    expect(parseGrade('98')).toBe(9.8);
    expect(parseGrade('10')).toBe(10);
    expect(parseGrade('10.0')).toBe(10);
    expect(parseGrade('l.8')).toBe(1.8);
    expect(parseGrade('9.7')).toBeNull();
    expect(parseGrade('WHITE')).toBeNull();
    expect(parseGrade('2023')).toBeNull();
  });

  it('takes a grade as printed only with two digits: a lone digit is as often a cover print', () => {
    expect(parsePrintedGrade('9.8')).toBe(9.8);
    expect(parsePrintedGrade('98')).toBe(9.8);
    expect(parsePrintedGrade('10')).toBe(10);
    expect(parsePrintedGrade('l.O')).toBe(1);
    expect(parseGrade('9')).toBe(9);
    expect(parsePrintedGrade('9')).toBeNull();
    expect(parsePrintedGrade('9.')).toBeNull();
    expect(parsePrintedGrade('I')).toBeNull();
    expect(parsePrintedGrade('9.7')).toBeNull();
  });
});

describe('certificate numbers', () => {
  it('knows each grader format', () => {
    expect(isValidCertNumber('4245413006', 'CGC')).toBe(true);
    expect(isValidCertNumber('424541300', 'CGC')).toBe(false);
    expect(isValidCertNumber('21-2EC8B4A-002', 'CBCS')).toBe(true);
    expect(isValidCertNumber('4245413006', 'CBCS')).toBe(false);
    expect(isValidCertNumber('2548201', 'PGX')).toBe(true);
    // PGX: six to nine digits, as the form and the lookup links take them (shared/cert-lookup.ts).
    expect(isValidCertNumber('254820', 'PGX')).toBe(true);
    expect(isValidCertNumber('25482011', 'PGX')).toBe(true);
    expect(isValidCertNumber('4245413006', 'PGX')).toBe(false);
    expect(isValidCertNumber('21-2EC8B4A-002', null)).toBe(true);
  });

  it('finds a CGC number inside noisy OCR text with O/l confusions', () => {
    expect(findCertNumber('4245413006', 'CGC')).toBe('4245413006');
    expect(findCertNumber('424541 3O06', 'CGC')).toBe('4245413006');
    expect(findCertNumber('Cert 44l8876003', null)).toBe('4418876003');
    // Eleven digits is not a CGC number.
    expect(findCertNumber('42454130061', 'CGC')).toBeNull();
    expect(findCertNumber('Marvel Comics, 4/23', 'CGC')).toBeNull();
  });

  it('finds CBCS and PGX numbers', () => {
    expect(findCertNumber('21-2ec8b4a-002', 'CBCS')).toBe('21-2EC8B4A-002');
    expect(findCertNumber('21~2EC8B4A-002', null)).toBe('21-2EC8B4A-002');
    expect(findCertNumber('2548201', 'PGX')).toBe('2548201');
    expect(findCertNumber('2548201', 'CGC')).toBeNull();
    // Ten digits on a PGX label is not a PGX number (it would read as a CGC one).
    expect(findCertNumber('4245413006', 'PGX')).toBeNull();
  });
});

describe('years', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('turns label dates into plausible years', () => {
    expect(yearFromLabelDate('11/24', now)).toBe(2024);
    expect(yearFromLabelDate('4/23', now)).toBe(2023);
    expect(yearFromLabelDate('8/63', now)).toBe(1963);
    expect(yearFromLabelDate('2/74', now)).toBe(1974);
    expect(yearFromLabelDate('5/39', now)).toBe(1939);
    expect(yearFromLabelDate('1987', now)).toBe(1987);
    expect(yearFromLabelDate('No Date', now)).toBeNull();
    expect(yearFromLabelDate('1124', now)).toBeNull();
  });

  it('refuses years before graded comics or after next year', () => {
    expect(isPlausibleYear(1929, now)).toBe(false);
    expect(isPlausibleYear(1938, now)).toBe(true);
    expect(isPlausibleYear(2027, now)).toBe(true);
    expect(isPlausibleYear(2028, now)).toBe(false);
  });
});

describe('key issues', () => {
  it('marks first appearances, origins and deaths, also with spaces lost by OCR', () => {
    expect(isKeyComment('1st appearance of the Punisher')).toBe(true);
    expect(isKeyComment('1stappearanceofMilesMorales')).toBe(true);
    expect(isKeyComment('First full appearance of Venom.')).toBe(true);
    expect(isKeyComment('Origin of Spider-Man retold')).toBe(true);
    expect(isKeyComment('Death of Gwen Stacy.')).toBe(true);
  });

  it('does not mark ordinary comments', () => {
    expect(isKeyComment('Wolverine #393\nFoil cover.')).toBe(false);
    expect(isKeyComment('"Virgin" cover.')).toBe(false);
    expect(isKeyComment('Amazing Spider-Man #913')).toBe(false);
    expect(isKeyComment('')).toBe(false);
  });
});
