// npm run budget: prints the gzipped JavaScript (and CSS) each public route loads from the built client
// and exits 1 when a route is over its budget. Run after `npm run build`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTE_BUDGETS } from './budget/budgets.js';
import { routeFiles, type Manifest } from '../server/plugins/route-chunks.js';

const clientDir = path.resolve(import.meta.dirname, '../dist/client');
const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;

// Level 9, as the build's precompressed .gz files (scripts/compress-assets.ts).
const gzipKb = (file: string) =>
  gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length / 1000;

let over = 0;
const rows = ROUTE_BUDGETS.map(({ route, lazy, maxJsGzipKb, targetKb }) => {
  const files = routeFiles(manifest, 'index.html', lazy);
  const js = files.js.reduce((sum, file) => sum + gzipKb(file), 0);
  const css = files.css.reduce((sum, file) => sum + gzipKb(file), 0);
  const ok = js <= maxJsGzipKb;
  if (!ok) over += 1;
  return {
    route,
    'JS files': files.js.length,
    'JS kB gzip': Number(js.toFixed(1)),
    'budget kB': maxJsGzipKb,
    'target kB': targetKb,
    'CSS kB gzip': Number(css.toFixed(1)),
    result: !ok ? 'OVER BUDGET' : js > targetKb ? 'ok (over target)' : 'ok',
  };
});
console.table(rows);
if (over > 0) {
  console.error(`${over} route(s) over the JavaScript budget (scripts/budget/budgets.ts).`);
  process.exit(1);
}
