import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryFunctionContext } from '@tanstack/react-query';
import {
  ApiError,
  apiRequest,
  apiRequestJson,
  errorToastMessage,
  getQueryFn,
  queryKeyToUrl,
} from './api-request';

// fetch is the edge of these tests: a stub records each request and answers with a canned Response.
type Call = { url: string; init: RequestInit };
let calls: Call[];
let nextResponse: () => Response;

beforeEach(() => {
  calls = [];
  nextResponse = () => new Response('{}', { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return nextResponse();
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

function respond(body: string, status: number, statusText = ''): void {
  nextResponse = () => new Response(body || null, { status, statusText });
}

function queryContext(queryKey: readonly unknown[]): QueryFunctionContext {
  return { queryKey, signal: new AbortController().signal, meta: undefined } as QueryFunctionContext;
}

describe('apiRequest', () => {
  it('sends JSON with the session cookie and the CSRF header on a mutation', async () => {
    await apiRequest('PUT', '/api/user/payment-email', { paymentEmail: 'a@b.co' });
    const [call] = calls;
    expect(call?.url).toBe('/api/user/payment-email');
    expect(call?.init.method).toBe('PUT');
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.body).toBe('{"paymentEmail":"a@b.co"}');
    expect(headersOf(call)).toMatchObject({
      'Content-Type': 'application/json',
      'X-Requested-With': 'fetch',
    });
  });

  it('sends the CSRF header on a bodiless mutation, without a Content-Type', async () => {
    await apiRequest('PUT', '/api/submissions/1/cancel');
    const headers = headersOf(calls[0]);
    expect(headers['X-Requested-With']).toBe('fetch');
    expect(headers['Content-Type']).toBeUndefined();
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('omits the CSRF header on GET', async () => {
    await apiRequest('GET', '/api/submissions');
    expect(headersOf(calls[0])['X-Requested-With']).toBeUndefined();
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('passes FormData through untouched so the browser sets the multipart boundary', async () => {
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiRequest('POST', '/api/extract-comic-data', form);
    expect(calls[0]?.init.body).toBe(form);
    expect(headersOf(calls[0])['Content-Type']).toBeUndefined();
    expect(headersOf(calls[0])['X-Requested-With']).toBe('fetch');
  });

  it('returns the OK response', async () => {
    respond('{"id":"abc"}', 201);
    const response = await apiRequest('POST', '/api/submissions', { comics: [] });
    expect(await response.json()).toEqual({ id: 'abc' });
  });

  it("throws ApiError with message 'status: body' and the server message of our error shape", async () => {
    respond(
      '{"message":"Please enter a valid email address.","code":"validation_failed"}',
      400,
      'Bad Request',
    );
    const error = await apiRequest('PUT', '/api/user/payment-email', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(
      '400: {"message":"Please enter a valid email address.","code":"validation_failed"}',
    );
    expect(apiError.status).toBe(400);
    expect(apiError.serverMessage).toBe('Please enter a valid email address.');
    expect(apiError.code).toBe('validation_failed');
    expect(apiError.body).toContain('validation_failed');
  });

  it('uses the status text when the body is empty', async () => {
    respond('', 503, 'Service Unavailable');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow(/^503: Service Unavailable$/);
  });

  it('keeps a plain-text body as the message and has no server message', async () => {
    respond('Gateway timeout', 504, 'Gateway Timeout');
    const error = (await apiRequest('GET', '/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('504: Gateway timeout');
    expect(error.serverMessage).toBeNull();
    expect(error.issues).toEqual([]);
  });

  it('exposes validation issues from the error body', async () => {
    respond(
      JSON.stringify({
        message: 'Invalid request',
        issues: [{ path: 'comics.0.title', message: 'Required' }],
      }),
      400,
    );
    const error = (await apiRequest('POST', '/api/submissions', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.issues).toEqual([{ path: 'comics.0.title', message: 'Required' }]);
  });

  it('ignores JSON bodies that are not our error shape', async () => {
    respond('{"error":"nope"}', 400);
    const error = (await apiRequest('GET', '/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.serverMessage).toBeNull();
    expect(error.message).toBe('400: {"error":"nope"}');
  });
});

describe('apiRequestJson', () => {
  it('parses the JSON body', async () => {
    respond('{"pending":3}', 200);
    await expect(apiRequestJson<{ pending: number }>('GET', '/api/admin/stats')).resolves.toEqual({
      pending: 3,
    });
  });

  it('reads an empty 204 body as null', async () => {
    respond('', 204);
    await expect(apiRequestJson('PUT', '/api/submissions/1/cancel')).resolves.toBeNull();
  });
});

describe('queryKeyToUrl', () => {
  it('joins the key parts with slashes', () => {
    expect(queryKeyToUrl(['/api/submissions', 'abc-123'])).toBe('/api/submissions/abc-123');
    expect(queryKeyToUrl(['/api/admin/stats'])).toBe('/api/admin/stats');
    expect(queryKeyToUrl(['/api/items', 7])).toBe('/api/items/7');
  });

  it('refuses object parts instead of producing [object Object]', () => {
    expect(() => queryKeyToUrl(['/api/submissions', { status: 'paid' }])).toThrow(TypeError);
  });
});

describe('getQueryFn', () => {
  it('GETs the joined query key with the session cookie and returns the JSON', async () => {
    respond('[{"id":"s1"}]', 200);
    const queryFn = getQueryFn<{ id: string }[]>({ on401: 'throw' });
    await expect(queryFn(queryContext(['/api/submissions']))).resolves.toEqual([{ id: 's1' }]);
    expect(calls[0]?.url).toBe('/api/submissions');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.method).toBeUndefined();
  });

  it('throws ApiError on 401 by default', async () => {
    respond('{"message":"Sign in required"}', 401, 'Unauthorized');
    const queryFn = getQueryFn({ on401: 'throw' });
    await expect(queryFn(queryContext(['/api/auth/user']))).rejects.toMatchObject({
      name: 'ApiError',
      status: 401,
      message: '401: {"message":"Sign in required"}',
    });
  });

  it('returns null on 401 when configured to', async () => {
    respond('{"message":"Sign in required"}', 401, 'Unauthorized');
    const queryFn = getQueryFn({ on401: 'returnNull' });
    await expect(queryFn(queryContext(['/api/auth/user']))).resolves.toBeNull();
  });

  it('still throws other errors when configured to return null on 401', async () => {
    respond('{"message":"Forbidden"}', 403, 'Forbidden');
    const queryFn = getQueryFn({ on401: 'returnNull' });
    await expect(queryFn(queryContext(['/api/admin/stats']))).rejects.toBeInstanceOf(ApiError);
  });
});

describe('errorToastMessage', () => {
  it("uses the server's message for a client error", () => {
    const error = new ApiError(409, 'Conflict', '{"message":"This submission was already cancelled."}');
    expect(errorToastMessage(error, 'Failed to cancel submission')).toBe(
      'This submission was already cancelled.',
    );
  });

  it('uses the fallback for server errors, non-JSON bodies and other errors', () => {
    const fallback = 'Please try again.';
    expect(errorToastMessage(new ApiError(500, '', '{"message":"Internal Server Error"}'), fallback)).toBe(
      fallback,
    );
    expect(errorToastMessage(new ApiError(400, 'Bad Request', 'oops'), fallback)).toBe(fallback);
    expect(errorToastMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });
});
