import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTrustProxy } from './config.js';

describe('TRUST_PROXY', () => {
  it('is off by default and for false/off/0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }).trustProxy).toBe(
      false,
    );
    for (const value of ['false', 'off', '0', 'FALSE']) expect(parseTrustProxy(value)).toBe(false);
  });

  it('takes a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '3' }).trustProxy).toBe(3);
  });

  it('takes a comma list of addresses, CIDRs and named ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses true, absurd hop counts and anything that is not an address', () => {
    for (const value of [
      'true',
      '11',
      '10.0.0.0/33',
      '::1/129',
      'proxy.example.com',
      '10.0.0.1/8/2',
      '1.2.3',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: 'true' would trust/);
  });
});
