// A minimal browser for sign-in tests over real HTTP: keeps cookies per origin (honouring Path and
// expiry), follows redirects one hop at a time, and submits HTML forms. Added by the sign-in work
// (server/modules/auth); small enough to read in one go.
import net from 'node:net';

interface StoredCookie {
  value: string;
  path: string;
}

/** The outcome of a navigation: the final response, its URL and body, and every URL visited. */
export interface Page {
  status: number;
  url: URL;
  body: string;
  headers: Headers;
  visited: string[];
}

/** A free TCP port on 127.0.0.1 (for PUBLIC_URL, which must be known before the app listens). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Decodes the few HTML entities our pages and oidc-provider's use in attribute values. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, code: string) => String.fromCharCode(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The first form of a page (or the one whose action contains `actionPart`) with its hidden fields. */
export function findForm(
  html: string,
  actionPart?: string,
): { action: string; fields: Record<string, string> } {
  const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)];
  for (const [, attributes = '', inner = ''] of forms) {
    const action = /action="([^"]*)"/i.exec(attributes)?.[1];
    if (action === undefined || (actionPart && !decodeEntities(action).includes(actionPart))) continue;
    const fields: Record<string, string> = {};
    for (const [input = ''] of inner.matchAll(/<input\b[^>]*>/gi)) {
      if (!/type="hidden"/i.test(input)) continue;
      const name = /name="([^"]*)"/i.exec(input)?.[1];
      const value = /value="([^"]*)"/i.exec(input)?.[1] ?? '';
      if (name) fields[decodeEntities(name)] = decodeEntities(value);
    }
    return { action: decodeEntities(action), fields };
  }
  throw new Error(`no form${actionPart ? ` with action containing ${actionPart}` : ''} on the page`);
}

/** A cookie-keeping HTTP client that behaves like a browser for redirects and forms. */
export class HttpBrowser {
  private readonly jar = new Map<string, Map<string, StoredCookie>>();

  /** The value of a cookie the browser holds for an origin. */
  cookie(origin: string, name: string): string | undefined {
    return this.jar.get(new URL(origin).origin)?.get(name)?.value;
  }

  /** Sets (or overwrites) a cookie, as a tampering user could. */
  setCookie(origin: string, name: string, value: string, path = '/'): void {
    const key = new URL(origin).origin;
    const cookies = this.jar.get(key) ?? new Map<string, StoredCookie>();
    cookies.set(name, { value, path });
    this.jar.set(key, cookies);
  }

  private cookieHeader(url: URL): string | undefined {
    const cookies = this.jar.get(url.origin);
    if (!cookies) return undefined;
    const pairs = [...cookies.entries()]
      .filter(
        ([, cookie]) =>
          url.pathname === cookie.path ||
          url.pathname.startsWith(cookie.path.replace(/\/?$/, '/')) ||
          cookie.path === '/',
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`);
    return pairs.length > 0 ? pairs.join('; ') : undefined;
  }

  private store(url: URL, headers: Headers): void {
    for (const header of headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
      }
      const cookies = this.jar.get(url.origin) ?? new Map<string, StoredCookie>();
      if (expired) cookies.delete(name);
      else cookies.set(name, { value, path });
      this.jar.set(url.origin, cookies);
    }
  }

  /** One request without following redirects (cookies sent and stored). */
  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(target);
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.store(target, response.headers);
    return response;
  }

  /** Navigates like a browser: follows redirects (303 and 302 after POST become GET). */
  async navigate(url: string | URL, init: RequestInit = {}): Promise<Page> {
    let target = new URL(url);
    let current: RequestInit = init;
    const visited: string[] = [];
    for (let hop = 0; hop < 20; hop += 1) {
      visited.push(target.href);
      const response = await this.request(target, current);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.arrayBuffer();
        target = new URL(location, target);
        current = {};
        continue;
      }
      return {
        status: response.status,
        url: target,
        body: await response.text(),
        headers: response.headers,
        visited,
      };
    }
    throw new Error(`too many redirects: ${visited.join(' -> ')}`);
  }

  /** Submits a form found on a page, adding visible field values. */
  async submit(page: Page, values: Record<string, string>, actionPart?: string): Promise<Page> {
    const form = findForm(page.body, actionPart);
    const body = new URLSearchParams({ ...form.fields, ...values });
    return this.navigate(new URL(form.action, page.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: page.url.origin },
      body,
    });
  }
}
