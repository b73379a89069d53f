// A deterministic price-guide CSV for the benchmarks (`npm run bench:valuation`, `npm run bench:import`):
// titles made of comic words (so trigram candidates are plentiful, as in a real guide of long-running
// series), issues 1-60, five variants, seven grades, and figures from a seeded generator, so every run
// measures the same data.

const WORDS = [
  'amazing',
  'spider',
  'man',
  'uncanny',
  'x',
  'men',
  'batman',
  'detective',
  'comics',
  'superman',
  'action',
  'wonder',
  'woman',
  'incredible',
  'hulk',
  'fantastic',
  'four',
  'avengers',
  'iron',
  'captain',
  'america',
  'thor',
  'daredevil',
  'wolverine',
  'venom',
  'carnage',
  'ghost',
  'rider',
  'moon',
  'knight',
  'silver',
  'surfer',
  'saga',
  'walking',
  'dead',
  'spawn',
  'invincible',
  'teenage',
  'mutant',
  'ninja',
  'turtles',
  'star',
  'wars',
  'green',
  'lantern',
  'flash',
  'aquaman',
  'harley',
  'quinn',
  'poison',
  'ivy',
  'catwoman',
  'nightwing',
  'robin',
  'punisher',
  'deadpool',
  'cable',
  'storm',
];
export const BENCH_GRADES = [9.8, 9.6, 9.4, 9.2, 9.0, 8.5, 8.0];
const VARIANTS = ['', 'Variant Cover A', 'Momoko Variant Cover', 'Virgin Edition', 'Foil Edition'];
const HEADER =
  'title,issue,publisher,variant,cover_date,grade,label,fair_market_value_usd,sales_last_365_days,avg_30_days_usd,avg_90_days_usd,avg_365_days_usd,as_of';

/** mulberry32: a small seeded generator. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generated book at one grade, as written to the file. */
export interface BenchBook {
  title: string;
  issue: number;
  variant: string;
  grade: number;
  fairValue: number;
  sales: number;
}

/** `rows` distinct books-at-a-grade (the same list for the same arguments). */
export function generateBooks(rows: number, random: () => number): BenchBook[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const titles = new Set<string>();
  while (titles.size < 4000) {
    const length = 1 + Math.floor(random() * 3);
    titles.add(
      Array.from({ length }, () => pick(WORDS))
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join(' '),
    );
  }
  const titleList = [...titles];
  const books: BenchBook[] = [];
  const seen = new Set<string>();
  while (books.length < rows) {
    const title = pick(titleList);
    const issue = 1 + Math.floor(random() * 60);
    const variant = pick(VARIANTS);
    const grade = pick(BENCH_GRADES);
    const key = `${title}|${issue}|${variant}|${grade}`;
    if (seen.has(key)) continue;
    seen.add(key);
    books.push({
      title,
      issue,
      variant,
      grade,
      fairValue: 10 + Math.floor(random() * 500),
      sales: Math.floor(random() * 30),
    });
  }
  return books;
}

/**
 * The books as a price-guide CSV dated `asOf`; `valueShift` dollars are added to every figure (a
 * later month's export of the same guide: every row changes).
 */
export function guideCsv(books: readonly BenchBook[], asOf = '2026-11-01', valueShift = 0): string {
  const lines = [HEADER];
  for (const b of books) {
    const fmv = b.fairValue + valueShift;
    lines.push(
      `${b.title},${b.issue},Marvel Comics,${b.variant},1/24,${b.grade},Universal,${fmv},${b.sales},,${fmv},${fmv},${asOf}`,
    );
  }
  return lines.join('\n');
}

/** A sales CSV: one sale of each book on a day of 2026 spread by the generator, from one source. */
export function salesCsv(books: readonly BenchBook[], random: () => number): string {
  const lines = ['title,issue,publisher,variant,grade,price,date,source'];
  for (const b of books) {
    const day = 1 + Math.floor(random() * 28);
    const month = 1 + Math.floor(random() * 10);
    const date = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    lines.push(`${b.title},${b.issue},Marvel Comics,${b.variant},${b.grade},${b.fairValue},${date},bench`);
  }
  return lines.join('\n');
}
