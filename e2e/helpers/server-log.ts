// The e2e server's log, as a file the browser tests can read (scripts/e2e-server.mjs writes it).
// Until mail is delivered, the server logs each email verification link at info level, which is
// how an operator can pass one on; the tests read the link from that same log line, so no
// test-only route or switch exists in the server.
import { existsSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the e2e server for a port writes its JSON log lines. */
export function serverLogPath(port = process.env.E2E_PORT ?? '4173'): string {
  return path.join(os.tmpdir(), `comic-e2e-server-${port}.log`);
}

/** The log's current size: pass it to `waitForLogLine` to see only lines written after now. */
export function serverLogOffset(): number {
  const file = serverLogPath();
  return existsSync(file) ? statSync(file).size : 0;
}

/** One parsed log line (pino JSON). */
export type LogLine = Record<string, unknown> & { msg?: string };

/** Waits (up to `timeoutMs`) for a log line written after `offset` that `match` accepts. */
export async function waitForLogLine(
  match: (line: LogLine) => boolean,
  offset: number,
  timeoutMs = 15_000,
): Promise<LogLine> {
  const file = serverLogPath();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(file)) {
      const text = readFileSync(file).subarray(offset).toString('utf8');
      for (const raw of text.split('\n')) {
        if (!raw.startsWith('{')) continue;
        try {
          const line = JSON.parse(raw) as LogLine;
          if (match(line)) return line;
        } catch {
          // A line still being written: read again on the next round.
        }
      }
    }
    if (Date.now() > deadline) throw new Error(`no matching line in ${file} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
