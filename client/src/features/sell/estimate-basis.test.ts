import { describe, expect, it } from 'vitest';
import { comicFromExtraction } from './draft-comic';
import { marketEstimateFromExtraction } from './estimate-basis';

describe('marketEstimateFromExtraction', () => {
  it('keeps the value and basis the reader response carried', () => {
    const data = {
      title: 'Spider-Boy',
      estimatedValue: '33.86',
      estimateBasis: 'based on 11 sales in the last year',
    };
    expect(marketEstimateFromExtraction(data)).toEqual({
      value: '33.86',
      basis: 'based on 11 sales in the last year',
    });
    expect(comicFromExtraction(data)).toMatchObject({
      estimatedValue: '33.86',
      marketEstimate: { value: '33.86', basis: 'based on 11 sales in the last year' },
    });
  });
  it('has nothing to say without market data', () => {
    expect(marketEstimateFromExtraction({ estimatedValue: null, estimateBasis: null })).toBeNull();
    expect(marketEstimateFromExtraction({ estimatedValue: 'abc', estimateBasis: 'x' })).toBeNull();
    expect(comicFromExtraction({}).marketEstimate).toBeNull();
  });
});
