import { describe, expect, it } from 'vitest';
import { readNumericDate, guessBlurredYear, splitDateLine } from './label-date.js';

const now = new Date('2026-11-23T00:00:00Z');
const split = (text: string) => splitDateLine(text, now);

describe('splitDateLine', () => {
  it('reads month/year, year alone, season year and No Date', () => {
    expect(split('Marvel Comics, 11/24')).toEqual({
      publisher: 'Marvel Comics',
      date: '11/24',
      year: 2024,
      exact: true,
    });
    expect(split('Gold Key, 11/72')).toMatchObject({ publisher: 'Gold Key', date: '11/72', year: 1972 });
    expect(split('Marvel Comics, 3/23')).toMatchObject({ date: '3/23', year: 2023 });
    expect(split('Image Comics, 2023')).toMatchObject({
      publisher: 'Image Comics',
      date: '2023',
      year: 2023,
    });
    expect(split('Dell Publishing Co., Winter 1985')).toMatchObject({
      publisher: 'Dell Publishing Co',
      date: 'Winter 1985',
      year: 1985,
    });
    expect(split('Charlton Comics, Fall/87')).toMatchObject({ date: 'Fall/87', year: 1987 });
    expect(split('Harvey Publications, No Date')).toEqual({
      publisher: 'Harvey Publications',
      date: 'No Date',
      year: null,
      exact: true,
    });
    expect(split('TidalWave ComicsNoDate')).toMatchObject({ publisher: 'TidalWave Comics', date: 'No Date' });
  });

  it('separates a date glued to the publisher and repairs a misread slash, as a less exact date', () => {
    expect(split('Whatnot Publishing.3r62')).toEqual({
      publisher: 'Whatnot Publishing',
      date: '3/62',
      year: 1962,
      exact: false,
    });
    expect(split('Marvel Comics,&/23')).toMatchObject({
      publisher: 'Marvel Comics',
      date: '8/23',
      exact: false,
    });
    expect(split('Dynamite Entertainment023')).toMatchObject({
      publisher: 'Dynamite Entertainment',
      year: 2023,
      exact: false,
    });
    expect(split('Marvel Cemics.S23')).toEqual({
      publisher: 'Marvel Cemics',
      date: '5/23',
      year: 2023,
      exact: false,
    });
    expect(split('DC Comics, 1O/23')).toMatchObject({ date: '10/23', year: 2023 });
    expect(split("Marvel Comics, 11/24 .'")).toMatchObject({ publisher: 'Marvel Comics', date: '11/24' });
  });

  it("reads a bracket after the date's last digit as the 3 it was, as a less exact date", () => {
    expect(split('D.C.Comics.10/2)')).toEqual({
      publisher: 'D.C.Comics',
      date: '10/23',
      year: 2023,
      exact: false,
    });
    expect(split('D.C.C.202)')).toMatchObject({ publisher: 'D.C.C', date: '2023', exact: false });
    expect(split('Marvel Comics, 8/2 ) .')).toMatchObject({ date: '8/23', year: 2023, exact: false });
    // With the slash lost as well, the year's other digit is as doubtful ('47)' for 4/23): no date.
    expect(split('#ane Lma.47)')).toMatchObject({ date: null, year: null });
    // A year's digit alone is still no date; a bracket after letters is left alone.
    expect(split('ManelCona.2)')).toMatchObject({ date: null, year: null });
    expect(split('Marvel Comics (UK)')).toMatchObject({ publisher: 'Marvel Comics (UK)', date: null });
  });

  it('finds no date in noise and keeps the line as the publisher text', () => {
    expect(split('Md CL52')).toMatchObject({ date: null, year: null });
    expect(split('Image Comics')).toMatchObject({ publisher: 'Image Comics', date: null });
  });
});

describe('readNumericDate', () => {
  it('takes the year from the last two digits whatever became of the slash', () => {
    expect(readNumericDate('1124', now)).toMatchObject({ year: 2024, exact: false });
    expect(readNumericDate('11172', now)).toMatchObject({ date: '11/72', year: 1972 });
    expect(readNumericDate('3723', now)).toMatchObject({ date: '3/23', year: 2023 });
    expect(readNumericDate('1987', now)).toMatchObject({ date: '1987', year: 1987, exact: true });
    expect(readNumericDate('13/24', now)).toBeNull();
    expect(readNumericDate('52', now)).toBeNull();
  });
});

describe('guessBlurredYear', () => {
  it('reads the two digits left after the name as the year, a bracket as its 3', () => {
    expect(guessBlurredYear('mage Comiks. 23', now)).toBe(2023);
    expect(guessBlurredYear('0.CC 2)', now)).toBe(2023);
    expect(guessBlurredYear('Gold Key, 72 .', now)).toBe(1972);
  });
  it('reads the bracket as a 3 where the slash was lost as well', () => {
    expect(guessBlurredYear('inope Cenic.52)', now)).toBe(2023);
    expect(guessBlurredYear('B.C.Cam .22)', now)).toBe(2023);
    // Without the bracket, a lost slash is splitDateLine's, whose date would have been read.
    expect(guessBlurredYear('Marvel Comics 523', now)).toBeNull();
  });

  it('gives nothing for digits glued to letters, more digits or none', () => {
    expect(guessBlurredYear('Md CL52', now)).toBeNull();
    expect(guessBlurredYear('Image Comics, 123', now)).toBeNull();
    expect(guessBlurredYear('Image Comics', now)).toBeNull();
    expect(guessBlurredYear('23', now)).toBeNull();
  });
});
