// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the built client, so the
// server's static handler (@fastify/static, preCompressed) sends them by Accept-Encoding without
// compressing on each request. Run by `npm run build:client` after Vite.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; images, fonts (woff2 is already brotli) and source maps are left alone. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|wasm)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Compresses every compressible file under `dir` at the highest levels; returns the files written. */
export async function compressDirectory(dir: string): Promise<string[]> {
  const written: string[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const source = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipAsync(source, { level: 9 }),
    ]);
    // A copy that is not smaller is useless: the static handler then sends the original.
    if (br.length < source.length) {
      await writeFile(`${file}.br`, br);
      written.push(`${file}.br`);
    }
    if (gz.length < source.length) {
      await writeFile(`${file}.gz`, gz);
      written.push(`${file}.gz`);
    }
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = path.resolve(process.argv[2] ?? 'dist/client');
  const written = await compressDirectory(dir);
  console.log(`compress-client: ${written.length} precompressed files in ${path.relative('.', dir)}`);
}
