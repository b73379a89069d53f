import type { FastifyRequest } from 'fastify';

// Paths whose query strings hold one-time secrets: the OIDC callback (code, state), the provider's
// endpoints (state, nonce, PKCE challenge, codes) and the email verification links (token).
const SECRET_QUERY_PATHS = ['/api/callback', '/oidc/'];

/** The request URL as logs may show it: without the query string of sign-in URLs. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const path = url.slice(0, queryAt);
  return SECRET_QUERY_PATHS.some((prefix) => path === prefix || path.startsWith(prefix))
    ? `${path}?[redacted]`
    : url;
}

/** Fastify's request log serializer with the sign-in secrets left out of the URL. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
