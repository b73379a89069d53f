import { describe, expect, it } from 'vitest';
import { clean, engineSeeing, matrixOf } from './fixtures/line-matrix.js';
import { parseLabel } from './label-parser.js';
import { repairVariantLine } from './variant-words.js';

describe('repairVariantLine', () => {
  const label = { width: 1400, height: 400, data: new Uint8Array(1400 * 400 * 3) };
  const variantBox = { x: 600, y: 200, width: 200, height: 26 };
  const parsed = (variantText: string, variant: string | null, confidence: number) => {
    const base = parseLabel([], 1400);
    return {
      ...base,
      variant,
      variantText,
      variantBox,
      fieldConfidence: { ...base.fieldConfidence, variant: confidence },
    };
  };
  // 'Robbit': the recogniser's 'o' at 0.5 had the printed 'a' at 0.45 behind it.
  const robbit = matrixOf([...clean('R'), { o: 0.5, a: 0.45 }, {}, ...clean('bbit Comics Edition')]);

  it("takes the word the recogniser saw nearly as well, and lowers the variant's confidence", async () => {
    const { engine } = engineSeeing(robbit);
    const next = await repairVariantLine(
      engine,
      label,
      parsed('Robbit Comics Edition', 'Robbit Comics Edition', 0.57),
    );
    expect(next.variant).toBe('Rabbit Comics Edition');
    expect(next.fieldConfidence.variant).toBeCloseTo(0.5);
  });

  it('gives a variant to a line that read as none once its word is put right', async () => {
    const { engine } = engineSeeing(
      matrixOf([
        ...clean('Trinity Comi'),
        { e: 0.5, c: 0.45 },
        {},
        { i: 0.5, s: 0.45 },
        {},
        ...clean(' Edition'),
      ]),
    );
    const next = await repairVariantLine(engine, label, parsed('Trinity Comiei Edition', null, 0.1));
    expect(next.variant).toBe('Trinity Comics Edition');
    expect(next.fieldConfidence.variant).toBeLessThanOrEqual(0.5);
  });

  it('leaves names no dictionary has, and reads nothing again when every word is known', async () => {
    const names = engineSeeing(matrixOf(clean('Momoko Variant Cover')));
    const kept = await repairVariantLine(
      names.engine,
      label,
      parsed('Momoko Variant Cover', 'Momoko Variant Cover', 0.6),
    );
    expect(kept.variant).toBe('Momoko Variant Cover');
    expect(kept.fieldConfidence.variant).toBe(0.6);
    const known = engineSeeing(robbit);
    await repairVariantLine(known.engine, label, parsed('Comic Mint Edition', 'Comic Mint Edition', 0.9));
    expect(known.calls).toHaveLength(0);
  });

  it('reads nothing again without a one-row variant line', async () => {
    const { engine, calls } = engineSeeing(robbit);
    const next = await repairVariantLine(engine, label, {
      ...parsed('Robbit Comics Edition', 'Robbit Comics Edition', 0.57),
      variantBox: null,
    });
    expect(calls).toHaveLength(0);
    expect(next.variant).toBe('Robbit Comics Edition');
  });
});
