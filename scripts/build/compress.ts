/**
 * The site's compression settings, and precompression of a directory for a host that serves `.br`/`.gz`
 * copies beside a file (`tsx scripts/build/compress.ts DIR`, docs/deploy.md): every text file of at least 1 KiB gets
 * both; files that compress by less than 10 % keep none. The build writes no copies (a static host counts
 * every file); the server behind `npm start` compresses on demand (scripts/compress-cache.ts). Two files
 * at a time (the machine has 2 cores; zlib runs each in libuv's thread pool).
 *
 * Brotli quality 6, not 9: on this site's files 9 costs about 15 times the CPU for output under 1 %
 * smaller (`npm run bench -- compress` prints the table).
 */
import { statSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Brotli quality of the build's `.br` files (0–11). */
export const BROTLI_QUALITY = 6;
/** Gzip level of the `.gz` files. */
export const GZIP_LEVEL = 6;

export const brotliOptions = (body: Buffer, quality = BROTLI_QUALITY) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });

export const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.xml', '.txt', '.webmanifest', '.wasm']);

async function* files(dir: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (e.isFile()) yield p;
  }
}

interface CompressReport {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function precompress(dir: string): Promise<CompressReport> {
  const report: CompressReport = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const one = async (file: string) => {
    const body = await readFile(file);
    const [b, g] = await Promise.all([
      br(body, brotliOptions(body)),
      gz(body, { level: GZIP_LEVEL }),
    ]);
    if (b.length > body.length * 0.9) return;
    await writeFile(`${file}.br`, b);
    await writeFile(`${file}.gz`, g);
    report.files++;
    report.bytes += body.length;
    report.brotliBytes += b.length;
    report.gzipBytes += g.length;
  };
  const inFlight = new Set<Promise<void>>();
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.has(extname(file)) || (await stat(file)).size < 1024) continue;
    const p: Promise<void> = one(file).then(() => void inFlight.delete(p));
    inFlight.add(p);
    if (inFlight.size >= 2) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return report;
}

// `tsx scripts/build/compress.ts DIR`: precompress a copy of the site for a host that serves `.br`/`.gz` copies.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    process.stderr.write(`usage: tsx scripts/build/compress.ts DIR (a directory: a copy of dist/)${dir ? `; ${dir} is not a directory` : ''}\n`);
    process.exit(2);
  }
  const r = await precompress(resolve(dir));
  process.stdout.write(`compressed ${r.files} files (${r.bytes} bytes → brotli ${r.brotliBytes}, gzip ${r.gzipBytes})\n`);
}
