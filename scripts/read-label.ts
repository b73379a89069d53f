// Reads slab labels from photo files and prints one JSON object per image per line
// (the API's extraction fields plus the extras). Usage: npm run read-label -- FILE...
import { readFile } from 'node:fs/promises';
import { createLabelReader } from '../server/modules/label-reader/label-reader.js';

const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (files.length === 0) {
  console.error('usage: npm run read-label -- FILE...');
  process.exit(2);
}
const reader = createLabelReader({ queueLimit: files.length });
let failed = 0;
try {
  const results = files.map(async (file) => {
    try {
      const reading = await reader.read(await readFile(file));
      return { file, ...reading };
    } catch (error) {
      failed++;
      const { name, message } = error as Error;
      return { file, error: name, message };
    }
  });
  // Print in the order given, each as soon as it and those before it are done.
  for (const result of results) console.log(JSON.stringify(await result));
} finally {
  await reader.close();
}
process.exitCode = failed > 0 ? 1 : 0;
