// `npm start`: build what is missing or out of date, then run the server (which applies migrations).
// Kept in plain JavaScript so it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDirs = ['client', 'server', 'shared'];
const outputs = [path.join(root, 'dist/client/index.html'), path.join(root, 'dist/node/server/main.js')];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const built = outputs.every((file) => existsSync(file));
const sourcesChanged =
  built &&
  Math.max(...sourceDirs.map((dir) => newestMtime(path.join(root, dir)))) >
    Math.min(...outputs.map((file) => statSync(file).mtimeMs));
if (!built || sourcesChanged) {
  console.log(built ? 'Sources changed; rebuilding...' : 'Building the app (first start)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'dist/node/server/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
process.exit(server.status ?? 0);
