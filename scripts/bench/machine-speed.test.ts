import { describe, expect, it } from 'vitest';
import { describeCpu } from './machine-speed.js';

const cpuinfo = (flags: string) =>
  [
    'processor\t: 0',
    'model name\t: AMD EPYC 7B12',
    'cpu MHz\t\t: 2249.998',
    `flags\t\t: fpu sse sse2 ${flags} sha_ni`,
    '',
    'processor\t: 1',
    'model name\t: AMD EPYC 7B12',
  ].join('\n');

describe('describeCpu', () => {
  it('names the model, the clock and the widest vector extensions onnxruntime chooses between', () => {
    expect(describeCpu(cpuinfo('avx f16c avx2 fma'))).toBe('AMD EPYC 7B12, 2.2 GHz, avx2 avx');
    expect(describeCpu(cpuinfo('avx avx2 avx512f avx512bw avx512_vnni'))).toBe(
      'AMD EPYC 7B12, 2.2 GHz, avx512_vnni avx512f avx2 avx',
    );
    expect(describeCpu(cpuinfo('sse4_1 sse4_2'))).toBe('AMD EPYC 7B12, 2.2 GHz, no AVX');
  });

  it('falls back to what node reports when /proc/cpuinfo cannot be read', () => {
    const fallback = { model: 'Apple M2', speed: 3500, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } };
    expect(describeCpu(null, fallback)).toBe('Apple M2, 3.5 GHz');
  });
});
