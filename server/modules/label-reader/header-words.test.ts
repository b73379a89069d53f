import { describe, expect, it } from 'vitest';
import { isHeaderPiece, isHeaderText } from './header-words.js';

describe('isHeaderText', () => {
  it('takes the header words as printed, and split by OCR', () => {
    expect(isHeaderText('CGC UNIVERSAL GRADE')).toBe(true);
    expect(isHeaderText('CGC SIGNATURE SERIES')).toBe(true);
    expect(isHeaderText('UNIVER SAL')).toBe(true);
    expect(isHeaderText('AUTHENTI')).toBe(true);
  });

  it('takes a header with one letter of a long word misread (phone photos at an angle)', () => {
    // Both read on phone-style photos whose label was then not found at all.
    expect(isHeaderText('CGCUNIVENSAL GRAOI')).toBe(true);
    expect(isHeaderText('CGC SIGNATUBE SERIES')).toBe(true);
  });

  it("takes 'GRADE' misread only after the grader's name", () => {
    expect(isHeaderText('CGC UNIVEI AL GRAOE')).toBe(true);
    // A cover's words one letter from GRADE are not a header.
    expect(isHeaderText('GRACE')).toBe(false);
    expect(isHeaderText('TRADE PAPERBACK')).toBe(false);
  });

  it('refuses title, publisher and cover lines', () => {
    expect(isHeaderText('Amazing Spider-Man #300')).toBe(false);
    expect(isHeaderText('Marvel Comics, 5/88')).toBe(false);
    expect(isHeaderText('UNIVERSE')).toBe(false);
    expect(isHeaderText('Restore')).toBe(false);
  });
});

describe('isHeaderPiece', () => {
  it('takes a piece of a printed header, one letter misread at most', () => {
    expect(isHeaderPiece('CGC')).toBe(true);
    expect(isHeaderPiece('UNI')).toBe(true);
    expect(isHeaderPiece('VERSAL')).toBe(true);
    expect(isHeaderPiece('CGe')).toBe(true);
    expect(isHeaderPiece('SIGNATUBE')).toBe(true);
    expect(isHeaderPiece('CBCS')).toBe(true);
  });

  it('takes no short piece, and no word of a title or cover', () => {
    expect(isHeaderPiece('AL')).toBe(false);
    expect(isHeaderPiece('Marvel')).toBe(false);
    expect(isHeaderPiece('Spider-Boy')).toBe(false);
    expect(isHeaderPiece('9.8')).toBe(false);
  });
});
