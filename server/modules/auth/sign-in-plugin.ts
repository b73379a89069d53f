import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { csrfPlugin } from '../../plugins/csrf.js';
import { identityProviderPlugin } from '../identity-provider/plugin.js';
import { loadOrCreateProviderSecrets } from '../identity-provider/provider-secrets.js';
import { userRoutes } from '../users/routes.js';
import { authPlugin } from './auth-plugin.js';
import { RelyingParty } from './relying-party.js';
import { authRoutes } from './routes.js';

/**
 * Everything about signing in, in one registration: CSRF checks, `request.user`, the built-in
 * identity provider (unless OIDC_ISSUER is set), the sign-in routes and the current user's routes.
 * Register it before other modules so their routes get `request.user` and the CSRF check.
 */
export const signInPlugin = fp(
  async (app: FastifyInstance, options: { config: AppConfig; database: Database }) => {
    const { config } = options;
    const { db } = options.database;
    const auth = config.auth;
    const clientSecret = auth.builtInProvider
      ? (await loadOrCreateProviderSecrets(db)).clientSecret
      : auth.clientSecret;
    const relyingParty = new RelyingParty(auth, config.publicUrl, clientSecret);

    await app.register(csrfPlugin, { publicUrl: config.publicUrl });
    await app.register(authPlugin, { db, auth, relyingParty });
    if (auth.builtInProvider) {
      await app.register(identityProviderPlugin, {
        db,
        issuer: auth.issuer,
        siteUrl: config.publicUrl,
        clientId: auth.clientId,
        audience: auth.audience ?? `${config.publicUrl}/api`,
        businessName: config.site.businessName,
      });
    }
    await app.register(authRoutes, { db, config, relyingParty });
    await app.register(userRoutes, { db, storeBrand: config.site.storeBrand });
  },
  { name: 'sign-in' },
);
