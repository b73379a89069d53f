// Load generator for `npm run bench:api`, run as its own process so the load does not share the
// server's event loop. Drives one URL with autocannon and prints one JSON line: median and p95
// latency (from every response's own time; autocannon's summary has no p95), requests per second,
// and the count of non-2xx answers.
// Usage: node scripts/bench-api-load.mjs '{"url":"...","headers":{},"connections":10,"duration":8}'
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');
const latencies = [];
const instance = autocannon({
  url: options.url,
  headers: options.headers ?? {},
  connections: options.connections ?? 10,
  duration: options.duration ?? 8,
});
instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
const result = await instance;
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
process.stdout.write(
  `${JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.average,
    p50: at(0.5),
    p95: at(0.95),
    non2xx: result.non2xx,
    errors: result.errors,
  })}\n`,
);
