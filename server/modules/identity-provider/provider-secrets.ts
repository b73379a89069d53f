import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/client.js';
import { oidcProviderModels } from '../../db/schema.js';

/** Key material of the built-in provider: generated once, kept in the database, never in the repository. */
export interface ProviderSecrets {
  /** Private RS256 signing keys (JWK, with kid); the first one signs. */
  signingKeys: JWK[];
  /** Keys for the provider's signed cookies; the first one signs. */
  cookieKeys: string[];
  /** The secret of the app's own client at the built-in provider. */
  clientSecret: string;
}

// Stored beside the provider's own records under a model name the library never uses.
const SECRETS_MODEL = '_BuiltInSecrets';
const SECRETS_ID = 'v1';

async function readSecrets(db: Db): Promise<ProviderSecrets | undefined> {
  const [row] = await db
    .select({ payload: oidcProviderModels.payload })
    .from(oidcProviderModels)
    .where(and(eq(oidcProviderModels.model, SECRETS_MODEL), eq(oidcProviderModels.id, SECRETS_ID)))
    .limit(1);
  return row?.payload as ProviderSecrets | undefined;
}

/**
 * Returns the stored secrets, generating them on first start. Insert-if-absent then re-read, so two
 * processes starting together agree on one set.
 */
export async function loadOrCreateProviderSecrets(db: Db): Promise<ProviderSecrets> {
  const existing = await readSecrets(db);
  if (existing) return existing;
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const signingKey: JWK = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  const fresh: ProviderSecrets = {
    signingKeys: [signingKey],
    cookieKeys: [randomBytes(32).toString('base64url')],
    clientSecret: randomBytes(32).toString('base64url'),
  };
  await db
    .insert(oidcProviderModels)
    .values({ model: SECRETS_MODEL, id: SECRETS_ID, payload: fresh as unknown as Record<string, unknown> })
    .onConflictDoNothing();
  const stored = await readSecrets(db);
  if (!stored) throw new Error('could not store the identity provider keys');
  return stored;
}
