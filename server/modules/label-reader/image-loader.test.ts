import { describe, expect, it } from 'vitest';
import { scaleToWidth } from './image-loader.js';
import type { RgbImage } from './raster.js';

/** A grey image 12 px wide with a step from 64 to 192 halfway: a stroke's sharp edge. */
function stepEdge(): RgbImage {
  const width = 12;
  const height = 4;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data.fill(x < width / 2 ? 64 : 192, (y * width + x) * 3, (y * width + x + 1) * 3);
  return { width, height, data };
}

const range = (image: RgbImage) => [Math.min(...image.data), Math.max(...image.data)];

describe('scaleToWidth', () => {
  it('enlarges a small label (2.5x or more) without overshooting its edges', async () => {
    const large = await scaleToWidth(stepEdge(), 36);
    expect(large.width).toBe(36);
    expect(range(large)).toEqual([64, 192]);
  });

  it("keeps sharp's bicubic for a smaller enlargement, whose overshoot sharpens a blurred edge", async () => {
    const [low, high] = range(await scaleToWidth(stepEdge(), 24));
    expect(low).toBeLessThan(64);
    expect(high).toBeGreaterThan(192);
  });
});
