// Developer tool: reads photos on this thread and writes, for each, the label image the pipeline
// chose (PNG), its OCR lines and the reading, so misses can be looked at one by one.
// Usage: npx tsx scripts/debug-label.ts OUT_DIR FILE...
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createLabelPipeline, type Candidate } from '../server/modules/label-reader/label-pipeline.js';

const [out, ...files] = process.argv.slice(2).filter((arg) => arg !== '--');
if (!out || files.length === 0) throw new Error('usage: debug-label.ts OUT_DIR FILE...');
await mkdir(out, { recursive: true });
let chosen: Candidate | null = null;
const pipeline = await createLabelPipeline({ onChosen: (candidate) => (chosen = candidate) });
try {
  for (const file of files) {
    chosen = null;
    const name = path.basename(file, path.extname(file));
    const cpu0 = process.cpuUsage();
    let reading: unknown;
    try {
      reading = await pipeline.read(await readFile(file));
    } catch (error) {
      reading = { error: (error as Error).message };
    }
    const cpu = process.cpuUsage(cpu0);
    const c = chosen as Candidate | null;
    if (c) {
      await sharp(c.label.data, { raw: { width: c.label.width, height: c.label.height, channels: 3 } })
        .png()
        .toFile(path.join(out, `${name}.png`));
    }
    const lines = c?.lines.map(
      (l) =>
        `${l.score.toFixed(2)} [${Math.round(l.box.x)},${Math.round(l.box.y)} ${Math.round(l.box.width)}x${Math.round(l.box.height)}] ${l.text}`,
    );
    await writeFile(
      path.join(out, `${name}.json`),
      JSON.stringify(
        {
          file,
          cpuMs: (cpu.user + cpu.system) / 1000,
          sourceWidth: c?.sourceWidth,
          structure: c?.parsed.structure,
          variantText: c?.parsed.variantText,
          reading,
          lines,
        },
        null,
        1,
      ),
    );
    console.log(
      `${name}: ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU, sourceWidth ${Math.round(c?.sourceWidth ?? 0)}`,
    );
  }
} finally {
  await pipeline.close();
}
