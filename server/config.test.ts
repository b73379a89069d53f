import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database.url).toBeUndefined();
    expect(config.isProduction).toBe(false);
    expect(config.site.storeBrand).toBe('Amped Store');
    expect(config.site.shipTo.city).toBe('Winter Springs');
    expect(config.site.shipTo.state).toBe('FL');
    expect(config.site.shipTo.zip).toBe('32765');
    expect(config.site.copyrightYear).toBe(2024);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('derives the public URL from PORT and strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://buy.example.com/' }).publicUrl).toBe('https://buy.example.com');
  });

  it('names every bad variable in one clear error', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CONTACT_EMAIL: 'nope' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL: must be a postgres/);
      expect(message).toMatch(/CONTACT_EMAIL/);
    }
  });
});
