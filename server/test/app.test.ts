import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.js';

describe('createTestApp', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { BUSINESS_NAME: 'Harness Comics' } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('applies the test defaults and the given environment', () => {
    expect(testApp.config.env).toBe('test');
    expect(testApp.config.logLevel).toBe('silent');
    expect(testApp.config.site.businessName).toBe('Harness Comics');
  });

  it('answers /readyz with 200 while the database is open, and 503 once it is closed', async () => {
    const ready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: testApp.database.kind });

    await testApp.database.close();
    const notReady = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ code: 'not_ready' });
  });
});
