// npm run lighthouse: Lighthouse (mobile profile, simulated throttling) on the public pages of the built
// app, served on a throw-away embedded database, in Debian's Chromium (CHROME_PATH, default
// /usr/bin/chromium). Prints a table of scores and LCP and exits 1 when a page is under the floor
// (docs/decisions/0016-front-end-budget.md). Run `npm run build` first.
//   LIGHTHOUSE_PORT   port of the server it starts (default 4390)
//   LIGHTHOUSE_RUNS   runs per page; the median performance run counts (default 1)
//   LIGHTHOUSE_REPORT_DIR   also write each run's full report (JSON) there
//   LIGHTHOUSE_PAGES   comma-separated paths to measure instead of all four (e.g. /sell), for tuning
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'dist/node/server/main.js');
const ALL_PAGES = ['/', '/learn-more', '/sell', '/submissions'];
const PAGES = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(',') : ALL_PAGES;
const FLOORS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 } as const;
type Category = keyof typeof FLOORS;
/**
 * Performance floors per page, under the aim of 95 (FLOORS). A Lighthouse score is a timing and depends
 * on the machine: the same build scored 99 on every page on session 7's machine, and on session 8's,
 * quiet, medians of 3 runs of 95-98 on the public pages and 85-94 on the seller pages (TBT up to 487 ms
 * against 0-33 ms), with Debian's Chromium 156. CI runs on whichever machine a session leaves, so each
 * page is held to about 10 points under the lowest quiet median seen there: only a regression of a few hundred more
 * ms of blocking time fails it, not a small one. A page under the aim is named in the output.
 * docs/decisions/0021-seller-pages-budget.md, "Addendum (session 8)".
 */
const PERFORMANCE_FLOOR: Record<string, number> = {
  '/': 85,
  '/learn-more': 85,
  '/sell': 75,
  '/submissions': 75,
};
function floorOf(page: string, category: Category): number {
  if (category === 'performance' && PERFORMANCE_FLOOR[page] !== undefined) return PERFORMANCE_FLOOR[page];
  return FLOORS[category];
}
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const port = Number(process.env.LIGHTHOUSE_PORT ?? 4390);
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const origin = `http://127.0.0.1:${port}`;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  // Another server on the port would be measured instead of this build: refuse.
  if (await answers(`${origin}/healthz`)) throw new Error(`something already answers on port ${port}`);
  const server = spawn(process.execPath, [serverEntry], {
    cwd: dataDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: path.join(dataDir, 'data'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (await answers(`${origin}/healthz`)) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server did not answer /healthz within 60 s');
}

interface PageResult {
  page: string;
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: string[];
}

async function audit(chromePort: number, page: string): Promise<PageResult> {
  const result = await lighthouse(`${origin}${page}`, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(FLOORS),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
  const { lhr } = result;
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = page === '/' ? 'home' : page.slice(1).replace(/\//g, '-');
    writeFileSync(path.join(reportDir, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    (Object.keys(FLOORS) as Category[]).map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  // Audits that cost points outside performance (those are all metrics and opportunities).
  const failedAudits = (['accessibility', 'best-practices', 'seo'] as const).flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id}`),
  );
  return {
    page,
    scores,
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    failedAudits,
  };
}

/** The run with the median performance score (Lighthouse's own advice for noisy machines). */
function median(results: PageResult[]): PageResult {
  const sorted = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

if (!existsSync(serverEntry) || !existsSync(path.join(root, 'dist/client/index.html'))) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'comic-lighthouse-'));
let server: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
let exitCode = 0;
try {
  server = await startServer(dataDir);
  const launchChrome = () =>
    chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
  chrome = await launchChrome();
  /**
   * One run of a page. Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, seen twice
   * in a row at load average 4-5 on two cores): that is a failed measurement, not a slow page, so it is
   * tried again, up to ATTEMPTS times, each time in a fresh browser (the old one may be what lost it).
   */
  const ATTEMPTS = 3;
  const auditOnce = async (page: string): Promise<PageResult> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await audit(chrome!.port, page);
      } catch (error) {
        if (attempt >= ATTEMPTS) throw error;
        console.warn(
          `  ${page}: Lighthouse lost the run (${(error as Error).message}); again in a fresh browser`,
        );
        await chrome?.kill();
        chrome = await launchChrome();
      }
    }
  };
  const results: PageResult[] = [];
  for (const page of PAGES) {
    const pageRuns: PageResult[] = [];
    for (let run = 0; run < runs; run += 1) pageRuns.push(await auditOnce(page));
    results.push(median(pageRuns));
  }
  console.log(
    `\nLighthouse (mobile, simulated throttling), ${runs} run(s) per page; load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  console.table(
    results.map((result) => ({
      page: result.page,
      performance: result.scores.performance,
      accessibility: result.scores.accessibility,
      'best practices': result.scores['best-practices'],
      SEO: result.scores.seo,
      'LCP ms': result.lcpMs,
      'TBT ms': result.tbtMs,
      CLS: result.cls,
    })),
  );
  for (const result of results) {
    for (const failed of result.failedAudits) console.log(`  ${result.page} loses points on ${failed}`);
    for (const category of Object.keys(FLOORS) as Category[]) {
      const floor = floorOf(result.page, category);
      if (result.scores[category] < floor) {
        console.error(
          `${result.page}: ${category} ${result.scores[category]} is under the floor of ${floor}`,
        );
        exitCode = 1;
      } else if (result.scores[category] < FLOORS[category]) {
        console.log(
          `${result.page}: ${category} ${result.scores[category]} is under the aim of ${FLOORS[category]} (floor ${floor} on this page)`,
        );
      }
    }
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await chrome?.kill();
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
