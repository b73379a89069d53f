// Reads a V8 .cpuprofile (node --cpu-prof) and prints the top self-time entries by function and by
// file/package, so a profile can be read without DevTools.
// Usage: node scripts/cpuprofile-top.mjs <file.cpuprofile> [top=30]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
// timeDeltas[i] is the time before samples[i]; charge it to the sampled node.
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const shortUrl = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, 'npm:')
    .replace(/.*\/dist\/node\//, '');
const place = (frame) => {
  if (!frame.url) return '(native)';
  const url = shortUrl(frame.url);
  return url.startsWith('npm:')
    ? url
        .split('/')
        .slice(0, url.startsWith('npm:@') ? 2 : 1)
        .join('/')
    : url;
};
const functions = new Map();
const places = new Map();
for (const [id, micros] of self) {
  const { callFrame } = byId.get(id);
  const fn = `${callFrame.functionName || '(anonymous)'} ${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}`;
  functions.set(fn, (functions.get(fn) ?? 0) + micros);
  const where = place(callFrame);
  places.set(where, (places.get(where) ?? 0) + micros);
}
const print = (title, map) => {
  console.log(`\n${title} (self time, total ${(total / 1000).toFixed(0)} ms)`);
  for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `${((micros / total) * 100).toFixed(1).padStart(5)}%  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${key}`,
    );
};
print('By package or file', places);
print('By function', functions);

// Inclusive time of the project's own functions (server/, shared/): where the library time comes from.
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const inclusive = new Map();
for (const [id, micros] of self) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const { callFrame } = byId.get(at);
    const url = shortUrl(callFrame.url);
    if (!/^(server|shared)\//.test(url)) continue;
    const key = `${callFrame.functionName || '(anonymous)'} ${url}:${callFrame.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + micros);
  }
}
print('Project functions, inclusive', inclusive);
