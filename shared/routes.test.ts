import { describe, expect, it } from 'vitest';
import { isClientRoute } from './routes.js';

describe('isClientRoute', () => {
  it('knows the fixed pages and one submission with its label page', () => {
    for (const path of [
      '/',
      '/submissions',
      '/submissions/',
      '/submissions/3f2a9c1e-0000-4000-8000-000000000000',
      '/submissions/abc/label',
    ]) {
      expect(isClientRoute(path), path).toBe(true);
    }
  });

  it('answers not-found for anything else (the spec names /submit as one)', () => {
    for (const path of ['/submit', '/submissions/a/b', '/submissions/a/label/x', '/nope']) {
      expect(isClientRoute(path), path).toBe(false);
    }
  });
});
