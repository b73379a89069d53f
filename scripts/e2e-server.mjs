// Starts the built app for the browser tests (playwright.config.ts runs this as its webServer).
// Builds first when the build is missing or older than the sources, gives the server a fresh, throw-away data directory so every
// run starts from an empty embedded database, and listens on E2E_PORT (default 4173).
// With DATABASE_URL set the server uses that PostgreSQL database instead (migrations apply as at any start).
// With E2E_SERVER_LOG set, the server logs at info level into that file (truncated at start), which
// the tests read for the email verification links the server logs (e2e/helpers/server-log.ts); the
// terminal still shows only warnings and errors.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'dist/node/server/main.js');
const clientIndex = path.join(root, 'dist/client/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

// Test what the sources say, not a stale build: rebuild when any source is newer than the build.
const outputs = [serverEntry, clientIndex];
const built = outputs.every((file) => existsSync(file));
const stale =
  built &&
  Math.max(...['client', 'server', 'shared'].map((dir) => newestMtime(path.join(root, dir)))) >
    Math.min(...outputs.map((file) => statSync(file).mtimeMs));
if (!built || stale || process.env.E2E_REBUILD === '1') {
  console.log(
    `[e2e-server] ${built ? 'sources changed; rebuilding' : 'building the app'} (npm run build)...`,
  );
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'comic-e2e-'));
const port = process.env.E2E_PORT ?? '4173';

const logFile = process.env.E2E_SERVER_LOG;
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  // The fresh data directory is the working directory too, so a developer's .env (read from the cwd)
  // cannot point the test server at their own data.
  cwd: dataDir,
  stdio: logFile ? ['inherit', 'pipe', 'inherit'] : 'inherit',
  env: {
    ...process.env,
    NODE_ENV: process.env.E2E_NODE_ENV ?? 'production',
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(dataDir, 'data'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? (logFile ? 'info' : 'warn'),
  },
});

if (logFile && server.stdout) {
  const log = createWriteStream(logFile, { flags: 'w' });
  createInterface({ input: server.stdout }).on('line', (line) => {
    log.write(`${line}\n`);
    // pino levels: 40 warn, 50 error, 60 fatal. Anything that is not a log line is shown too.
    let level = 100;
    try {
      level = JSON.parse(line).level ?? 100;
    } catch {
      // not JSON: the start-up banner or a crash
    }
    if (level >= 40) process.stdout.write(`${line}\n`);
  });
}

let cleaned = false;
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDir, { recursive: true, force: true });
}

server.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
