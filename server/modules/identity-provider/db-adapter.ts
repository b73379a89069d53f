import { and, eq, lt } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client.js';
import { oidcProviderModels } from '../../db/schema.js';

/**
 * oidc-provider's storage adapter backed by the oidc_provider_models table, so provider sessions,
 * interactions, codes and grants survive restarts and are shared by every API process (the
 * library's built-in adapter keeps them in one process's memory and is for development only).
 */
export class DbAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    };
    await this.db
      .insert(oidcProviderModels)
      .values({ model: this.model, id, ...row })
      .onConflictDoUpdate({ target: [oidcProviderModels.model, oidcProviderModels.id], set: row });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcProviderModels.id, id));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcProviderModels.userCode, userCode));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcProviderModels.uid, uid));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(oidcProviderModels)
      .set({ consumedAt: new Date() })
      .where(and(eq(oidcProviderModels.model, this.model), eq(oidcProviderModels.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(oidcProviderModels)
      .where(and(eq(oidcProviderModels.model, this.model), eq(oidcProviderModels.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(oidcProviderModels)
      .where(and(eq(oidcProviderModels.model, this.model), eq(oidcProviderModels.grantId, grantId)));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select()
      .from(oidcProviderModels)
      .where(and(eq(oidcProviderModels.model, this.model), condition))
      .limit(1);
    // Expired rows may linger until the sweeper removes them; they must never be served.
    if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}

/** Deletes provider records whose lifetime has passed (called periodically). */
export async function sweepExpiredProviderModels(db: Db): Promise<void> {
  await db.delete(oidcProviderModels).where(lt(oidcProviderModels.expiresAt, new Date()));
}
