// After the label is read, a title that is a near miss of a title in the dealer's imported price
// guide is put right ('Legionof Super-Heroes' -> 'Legion of Super-Heroes', 'Wolveree' ->
// 'Wolverine'), and the reading says so in its notes. The reader cannot know the dealer's titles;
// the server can, at run time. Only very close titles are taken: the same letters with other word
// breaks, or one or two letters apart on a long title, so a different series is never swapped in.
import { sql } from 'drizzle-orm';
import type { LabelReading } from '../../../shared/label-reading.js';
import { issueKey, titleKey } from '../../../shared/valuation/normalise.js';
import { queryRows, type Db } from '../../db/client.js';
import { isTitleSlipNote } from '../label-reader/title-slips.js';
import { isTitleRepairNote } from '../label-reader/title-words.js';
import { editDistance } from '../../../shared/edit-distance.js';

/** A price-guide title near the read one. */
export interface GuideTitle {
  title: string;
  titleKey: string;
  /** True when the guide has this title with the reading's issue number. */
  sameIssue: boolean;
}

/** Trigram similarity below which guide titles are not considered (`%`, which the GIN index serves, is 0.3). */
const CANDIDATE_SIMILARITY = 0.5;

/** Guide titles trigram-similar to the read title, the ones with the same issue first. */
export async function findGuideTitles(db: Db, title: string, issue: string): Promise<GuideTitle[]> {
  const key = titleKey(title);
  if (key.length < 4) return [];
  const rows = await queryRows<{ title: string; title_key: string; same_issue: boolean }>(
    db,
    sql`select title_key, min(title) as title, bool_or(issue_key = ${issueKey(issue)}) as same_issue
        from price_guide_entries
        where title_key % ${key} and similarity(title_key, ${key}) >= ${CANDIDATE_SIMILARITY}
        group by title_key
        order by bool_or(issue_key = ${issueKey(issue)}) desc, max(similarity(title_key, ${key})) desc
        limit 10`,
  );
  return rows.map((row) => ({ title: row.title, titleKey: row.title_key, sameIssue: row.same_issue }));
}

/** Letters and digits only: 'legionof super heroes' and 'legion of super heroes' meet. */
const squash = (key: string) => key.replace(/[^a-z0-9]/g, '');

/**
 * The guide title the read title is a near miss of, or null. Very close means: the same letters
 * with other word breaks; or, when the guide has that title with the reading's issue number, one
 * letter different on a title of 8+ letters, two on 16+ ('Batgirl' and 'Batgirls' are both real
 * series, so short titles are never changed by letters). An exact match needs no snap (null).
 */
export function closestGuideTitle(readTitle: string, candidates: readonly GuideTitle[]): GuideTitle | null {
  const readKey = titleKey(readTitle);
  const read = squash(readKey);
  if (read.length < 4) return null;
  let best: { candidate: GuideTitle; distance: number } | null = null;
  for (const candidate of candidates) {
    if (candidate.titleKey === readKey) return null;
    const guide = squash(candidate.titleKey);
    const distance = guide === read ? 0 : editDistance(read, guide);
    const shorter = Math.min(read.length, guide.length);
    const allowed = !candidate.sameIssue ? 0 : shorter >= 16 ? 2 : shorter >= 8 ? 1 : 0;
    if (distance > allowed) continue;
    const better =
      !best ||
      distance < best.distance ||
      (distance === best.distance && candidate.sameIssue && !best.candidate.sameIssue);
    if (better) best = { candidate, distance };
  }
  return best?.candidate ?? null;
}

/** The reading with its title snapped to the price guide when a guide title is very close. */
export async function snapTitleToGuide(db: Db, reading: LabelReading): Promise<LabelReading> {
  if (!reading.title) return reading;
  const match = closestGuideTitle(
    reading.title,
    await findGuideTitles(db, reading.title, reading.issueNumber),
  );
  if (!match) return reading;
  return {
    ...reading,
    title: match.title,
    // The reader's doubt about a word of the title (or its repair of one) is answered by the guide's title.
    notes: [
      ...reading.notes.filter((note) => !isTitleSlipNote(note) && !isTitleRepairNote(note)),
      `Title matched to the price guide: "${match.title}" (the label read "${reading.title}").`,
    ],
  };
}
