// The one way the client talks to the API (spec section 7). Every call sends the session cookie;
// every failure becomes an ApiError whose message is `${status}: ${body or status text}` (section 8).
import type { QueryFunction } from '@tanstack/react-query';
import type { ApiErrorBody } from '../../../shared/api-error';
import { CSRF_HEADER } from '../../../shared/csrf';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A non-OK API response. `message` is the spec's `status: body` text; `serverMessage` is fit for a toast. */
export class ApiError extends Error {
  override name = 'ApiError';
  /** The HTTP status code. */
  readonly status: number;
  /** The HTTP status text (may be empty over HTTP/2). */
  readonly statusText: string;
  /** The raw response body text ('' when empty). */
  readonly body: string;
  /** The `message` of our JSON error shape, when the body is one. */
  readonly serverMessage: string | null;
  /** The `code` of our JSON error shape, when present. */
  readonly code: string | null;
  /** Field-level validation problems, when present. */
  readonly issues: NonNullable<ApiErrorBody['issues']>;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    const parsed = parseErrorBody(body);
    this.serverMessage = parsed?.message ?? null;
    this.code = parsed?.code ?? null;
    this.issues = parsed?.issues ?? [];
  }
}

/** Reads our { message, code?, issues? } error shape out of a body, or null when it is something else. */
function parseErrorBody(body: string): ApiErrorBody | null {
  if (!body) return null;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.message !== 'string') return null;
  const issues = Array.isArray(record.issues)
    ? record.issues.filter(
        (issue): issue is { path: string; message: string } =>
          typeof issue === 'object' &&
          issue !== null &&
          typeof (issue as Record<string, unknown>).path === 'string' &&
          typeof (issue as Record<string, unknown>).message === 'string',
      )
    : undefined;
  return {
    message: record.message,
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
    ...(issues ? { issues } : {}),
  };
}

/** Throws an ApiError for a non-OK response; the body is read once, here. */
async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => '');
  throw new ApiError(response.status, response.statusText, body);
}

/**
 * Sends a request with the session cookie and returns the OK response (read it with `.json()`); throws
 * ApiError otherwise. A plain-object body goes as JSON; a FormData body (uploads) goes as multipart.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<Response> {
  // Extra headers first (e.g. Idempotency-Key), so they cannot replace the CSRF or content headers below.
  const headers: Record<string, string> = { ...init.headers, Accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER.name] = CSRF_HEADER.value;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser sets the multipart Content-Type with its boundary; setting it here would break it.
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(url, {
    method,
    headers,
    body: payload,
    credentials: 'include',
    ...(init.signal ? { signal: init.signal } : {}),
  });
  await throwIfNotOk(response);
  return response;
}

/** Reads a JSON body; an empty body (204 No Content) reads as null. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * apiRequest, then the parsed JSON body (null for an empty body). The type parameter is trusted, not
 * checked: parse with the shared zod schema where the data decides something important.
 */
export async function apiRequestJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (await readJson(response)) as T;
}

/** What a query does when the server answers 401: fail, or resolve to null (e.g. "not signed in"). */
export type UnauthorizedBehavior = 'throw' | 'returnNull';

/** Joins a query key into a URL: ['/api/submissions', id] -> '/api/submissions/{id}'. */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey
    .map((part) => {
      // Only strings and numbers belong in a URL key; an object would silently become '[object Object]'.
      if (typeof part !== 'string' && typeof part !== 'number') {
        throw new TypeError(`Query key parts must be strings or numbers, got ${typeof part}`);
      }
      return String(part);
    })
    .join('/');
}

/** A TanStack Query function that GETs the URL made by joining the query key with '/'. A 401 throws by default. */
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
/** The same, resolving to null on 401. */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
/** The same, with the 401 behaviour chosen at run time. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKeyToUrl(queryKey), {
      headers: { Accept: 'application/json' },
      credentials: 'include',
      signal,
    });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await readJson(response)) as T | null;
  };
}

/**
 * The text for a failure toast: the server's own message for a client error (4xx), otherwise the
 * caller's fallback. 5xx messages are generic server text, so the friendlier fallback reads better.
 */
export function errorToastMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage) return error.serverMessage;
  return fallback;
}
