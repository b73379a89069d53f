import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { createBuiltInProvider, PROVIDER_MOUNT_PATH } from './create-provider.js';
import { interactionRoutes } from './interaction-routes.js';
import { loadOrCreateProviderSecrets } from './provider-secrets.js';

/** Settings of the built-in identity provider, taken from the app's configuration. */
export interface IdentityProviderPluginOptions {
  db: Db;
  issuer: string;
  siteUrl: string;
  clientId: string;
  audience: string;
  businessName: string;
}

/**
 * Mounts the built-in OpenID Connect provider (oidc-provider) under /oidc on the app's own origin,
 * with its sign-in pages. Registered only when no external OIDC_ISSUER is configured. The app then
 * signs in through it over HTTP exactly as it would through any other issuer.
 */
export async function identityProviderPlugin(app: FastifyInstance, options: IdentityProviderPluginOptions) {
  const secrets = await loadOrCreateProviderSecrets(options.db);
  const provider = createBuiltInProvider({ ...options, secrets });
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error'));
  // Expired provider records are swept by the 'sweep.identity-provider' job (server/jobs/registry.ts).

  // The provider builds every URL it publishes (discovery document, endpoints, redirects, cookie
  // paths) from the request's Host and, behind a proxy, X-Forwarded-Host/Proto. Pin them to the
  // issuer (PUBLIC_URL), so no header a client sends can change the discovery document.
  const issuerUrl = new URL(options.issuer);
  app.addHook('onRequest', async (request) => {
    const url = request.raw.url ?? '';
    if (url !== PROVIDER_MOUNT_PATH && !url.startsWith(`${PROVIDER_MOUNT_PATH}/`)) return;
    const headers = request.raw.headers;
    headers.host = issuerUrl.host;
    headers['x-forwarded-host'] = issuerUrl.host;
    headers['x-forwarded-proto'] = issuerUrl.protocol.slice(0, -1);
  });

  await app.register(interactionRoutes, {
    db: options.db,
    provider,
    page: { businessName: options.businessName, siteUrl: options.siteUrl },
  });

  // Everything else under /oidc is the provider's own Koa app. It reads request bodies itself, so
  // this context must not parse them; the prefix is stripped and kept in originalUrl, which is how
  // the library learns its mount path (as with Express's app.use('/oidc', ...)).
  const callback = provider.callback();
  await app.register(async (mount) => {
    mount.removeAllContentTypeParsers();
    mount.addContentTypeParser('*', (_request, _payload, done) => done(null));
    mount.route({
      method: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      url: `${PROVIDER_MOUNT_PATH}/*`,
      handler(request, reply) {
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        const url = raw.url ?? '/';
        raw.originalUrl = url;
        raw.url = url.slice(PROVIDER_MOUNT_PATH.length) || '/';
        void callback(raw, reply.raw);
      },
    });
  });
}
