import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONFIG } from '../shared/site-config.js';
import { loadConfig } from './config.js';
import { startupWarnings } from './startup-warnings.js';

describe('startupWarnings', () => {
  it('warns while the ship-to address is the example, naming the variables to set', () => {
    const [warning, ...rest] = startupWarnings(DEFAULT_SITE_CONFIG);
    expect(rest).toEqual([]);
    expect(warning).toContain('123 Main Street, Suite 100, Winter Springs, FL 32765');
    expect(warning).toContain('SHIP_TO_STREET');
  });

  it('is quiet once the dealer has set their own address', () => {
    const config = loadConfig({ ...process.env, SHIP_TO_STREET: '42 Harbor Road', SHIP_TO_UNIT: '' });
    expect(startupWarnings(config.site)).toEqual([]);
  });
});
