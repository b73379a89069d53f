import { describe, expect, it } from 'vitest';
import { markEdgeLines } from './label-pipeline.js';
import type { OcrLine } from './ocr-engine.js';

const line = (text: string, x: number, width: number): OcrLine => ({
  text,
  score: 0.9,
  box: { x, y: 50, width, height: 20 },
  charX: [...text].map((_, i) => x + ((i + 0.5) * width) / text.length),
});

describe('markEdgeLines', () => {
  it('flags lines that reach the crop edge and lowers their score below 0.8', () => {
    const [left, middle, right] = markEdgeLines(
      [line('ngs of Spider-Man', 0, 300), line('Marvel Comics', 500, 300), line('#12', 1300, 100)],
      1400,
    );
    expect(left).toMatchObject({ touchesEdge: true });
    expect(left!.score).toBeLessThan(0.8);
    expect(middle).toMatchObject({ score: 0.9 });
    expect(middle!.touchesEdge).toBeUndefined();
    expect(right).toMatchObject({ touchesEdge: true });
    expect(right!.score).toBeLessThan(0.8);
  });
});
