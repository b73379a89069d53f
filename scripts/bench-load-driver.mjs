// Load generator for `npm run bench:load`, run as its own process so the load never shares the
// server's event loop. Prints one JSON line with median, p95 and p99 latency (ms, from every
// response's own time), requests per second and the count of failed answers.
// Usage: node scripts/bench-load-driver.mjs '<json options>'
//   { "mode": "autocannon", "url", "headers", "connections", "duration" }   closed loop, as fast as the server goes
//   { "mode": "uploads", "url", "headers", "photos": [paths], "rate", "duration" }
//        open loop: one multipart upload every 1/rate seconds whatever the answers, photos in turn
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');

function summary(latencies, seconds, extra) {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    ...extra,
  };
}

async function runAutocannon() {
  const latencies = [];
  const instance = autocannon({
    url: options.url,
    headers: options.headers ?? {},
    connections: options.connections ?? 10,
    duration: options.duration ?? 10,
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  return summary(latencies, result.duration, { failed: result.non2xx + result.errors + result.timeouts });
}

async function runUploads() {
  const photos = await Promise.all(options.photos.map((file) => readFile(file)));
  const names = options.photos.map((file) => path.basename(file));
  const latencies = [];
  const statuses = {};
  const pending = [];
  const interval = 1000 / options.rate;
  const count = Math.max(1, Math.round(options.rate * options.duration));
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const form = new FormData();
    form.append(
      'image',
      new Blob([photos[i % photos.length]], { type: 'image/jpeg' }),
      names[i % names.length],
    );
    const sent = performance.now();
    pending.push(
      fetch(options.url, {
        method: 'POST',
        body: form,
        headers: options.headers ?? {},
        signal: AbortSignal.timeout(180_000),
      })
        .then(async (response) => {
          await response.arrayBuffer();
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          if (response.ok) latencies.push(performance.now() - sent);
        })
        .catch((error) => {
          statuses[error.name] = (statuses[error.name] ?? 0) + 1;
        }),
    );
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  const ok = statuses[200] ?? 0;
  return summary(latencies, seconds, { sent: count, failed: count - ok, statuses });
}

const result = options.mode === 'uploads' ? await runUploads() : await runAutocannon();
process.stdout.write(`${JSON.stringify(result)}\n`);
