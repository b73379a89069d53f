import { describe, expect, it } from 'vitest';
import { headerPartRead, isHeaderPiece, isHeaderText } from './header-words.js';

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

describe('headerPartRead', () => {
  it('says which characters of the printed header a part read leaves out, and on which side', () => {
    // 'CGC UNIVERSAL' leaves out ' GRADE' after it (dev-045, phone seed 4).
    expect(headerPartRead('CGC UNIVERSAL')).toEqual({ before: 0, spanned: 13, after: 6 });
    expect(headerPartRead('SAL GRADE')).toEqual({ before: 10, spanned: 9, after: 0 });
    expect(headerPartRead('UNIVERSAL')).toEqual({ before: 4, spanned: 9, after: 6 });
    expect(headerPartRead('CGC SIGNATURE')).toEqual({ before: 0, spanned: 13, after: 7 });
  });

  it('reads a part with one letter misread, lost or added', () => {
    expect(headerPartRead('CGCUNIVENSAL')?.after).toBe(6);
    expect(headerPartRead('CGC UNIVERSL')?.after).toBeGreaterThan(0);
    expect(headerPartRead('CGC UNIVERSAL')?.before).toBe(0);
  });

  it('gives nothing for a whole header, misread or not', () => {
    expect(headerPartRead('CGC UNIVERSAL GRADE')).toBeNull();
    expect(headerPartRead('CGCUNIVERSALGRADE')).toBeNull();
    // One letter from the whole header and from its part without the last letter: no side is sure.
    expect(headerPartRead('CGC UNIVERSAL GRAE')).toBeNull();
    expect(headerPartRead('CGC SIGNATUBE SERIES')).toBeNull();
  });

  it('gives nothing for a part too short to place, or text that is no part of a header', () => {
    expect(headerPartRead('GRADE')).toBeNull();
    expect(headerPartRead('CGC')).toBeNull();
    expect(headerPartRead('Amazing Spider-Man #300')).toBeNull();
    expect(headerPartRead('CBCS VERIFIED')).toBeNull();
  });
});
