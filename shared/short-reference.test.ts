import { describe, expect, it } from 'vitest';
import { barcodeFileName, labelBarcodeValue, shortReference } from './short-reference.js';

const id = '3f2a9c1e-7b4d-4e1a-9c3b-0d5e6f7a8b9c';

describe('shortReference', () => {
  it('is the first dash-separated segment, upper-cased', () => {
    expect(shortReference(id)).toBe('3F2A9C1E');
  });

  it('is the whole id upper-cased when there is no dash', () => {
    expect(shortReference('abc123')).toBe('ABC123');
  });

  it('is empty when the id starts with a dash or is empty', () => {
    expect(shortReference('-abc')).toBe('');
    expect(shortReference('')).toBe('');
  });
});

describe('labelBarcodeValue', () => {
  it("is 'AC' followed by the short reference", () => {
    expect(labelBarcodeValue(id)).toBe('AC3F2A9C1E');
  });
});

describe('barcodeFileName', () => {
  it('names the PNG after the short reference', () => {
    expect(barcodeFileName(id)).toBe('barcode-3F2A9C1E.png');
  });
});
