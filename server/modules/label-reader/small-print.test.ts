import { describe, expect, it } from 'vitest';
import { snapPublisherLoose } from './publishers.js';
import { voteCertNumber, voteDateLine } from './small-print.js';

describe('voteCertNumber', () => {
  it('takes the number most readings agree on, digit by digit', () => {
    const vote = voteCertNumber(
      [
        { text: '1N004014', score: 0.5 },
        { text: '4350046014', score: 0.9 },
        { text: '4350086014', score: 0.7 },
        { text: '4350046018', score: 0.7 },
        { text: '4350046014', score: 0.9 },
      ],
      'CGC',
    );
    expect(vote).toMatchObject({ value: '4350046014', agree: 2, total: 5 });
  });

  it('uses the least sure digit as a reading score when known', () => {
    const vote = voteCertNumber([{ text: '4352017014', score: 0.94, minProb: 0.67 }], 'CGC');
    expect(vote?.score).toBeCloseTo(0.67);
  });

  it('gives nothing when no reading is a cert number', () => {
    expect(
      voteCertNumber(
        [
          { text: '4##612#', score: 0.6 },
          { text: '', score: 0 },
        ],
        'CGC',
      ),
    ).toBeNull();
  });
});

describe('voteDateLine', () => {
  it('votes the publisher and the year over readings of the line', () => {
    const vote = voteDateLine(
      [
        { text: 'MadComca.13', score: 0.64 },
        { text: 'Mared Com,113', score: 0.65 },
        { text: 'Mared Coma,1123', score: 0.68 },
        { text: 'Mavel Coms,1123', score: 0.63 },
      ],
      new Date('2026-01-01'),
    );
    expect(vote.publisher?.value).toBe('Marvel Comics');
    expect(vote.year?.value).toBe(2023);
    expect(vote.date).toBe('11/23');
    expect(vote.publisher?.guessed).toBe(false);
  });

  it('marks a publisher only loose readings voted for as guessed', () => {
    const vote = voteDateLine([
      { text: 'Mared Com,113', score: 0.65 },
      { text: 'Mared Coma,1123', score: 0.68 },
    ]);
    expect(vote.publisher).toMatchObject({ value: 'Marvel Comics', guessed: true, agree: 1 });
  });
});

describe('snapPublisherLoose', () => {
  it('guesses a listed name from a blurred reading only when no other house is as close', () => {
    expect(snapPublisherLoose('Mared Com')).toBe('Marvel Comics');
    expect(snapPublisherLoose('Imae Cmis')).toBe('Image Comics');
    expect(snapPublisherLoose('Md CL52')).toBe('');
    expect(snapPublisherLoose('w net Comlo')).toBe('');
  });
});
