// The dealer's offer settings: one row, validated on the way in and out; the spec's figures until saved.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { valuationSettings } from '../../db/schema.js';
import {
  DEFAULT_VALUATION_SETTINGS,
  valuationSettingsSchema,
  type ValuationSettings,
} from '../../../shared/schemas/valuation.js';

/** The saved settings, or the defaults when none are saved (or a saved row no longer validates). */
export async function readValuationSettings(db: Db): Promise<ValuationSettings> {
  const [row] = await db.select().from(valuationSettings).where(eq(valuationSettings.id, 1));
  if (!row) return DEFAULT_VALUATION_SETTINGS;
  const parsed = valuationSettingsSchema.safeParse({ ...DEFAULT_VALUATION_SETTINGS, ...row.settings });
  return parsed.success ? parsed.data : DEFAULT_VALUATION_SETTINGS;
}

/** Saves the settings (already validated) as the one settings row. */
export async function saveValuationSettings(
  db: Db,
  settings: ValuationSettings,
  userId: string,
): Promise<void> {
  await db
    .insert(valuationSettings)
    .values({ id: 1, settings, updatedBy: userId })
    .onConflictDoUpdate({
      target: valuationSettings.id,
      set: { settings, updatedBy: userId, updatedAt: new Date() },
    });
}
