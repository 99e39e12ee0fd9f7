/**
 * Compression numbers for `npm run bench -- compress`: on a sample of the built site's compressible
 * files (every 8th of dist/'s files the build precompresses), the CPU time and output size of brotli at
 * several qualities and of gzip, median of 3 runs each (CPU time, not wall time: it holds on a shared
 * machine). The build uses BROTLI_QUALITY and GZIP_LEVEL of scripts/build/compress.ts.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { BROTLI_QUALITY, COMPRESSIBLE, GZIP_LEVEL, brotliOptions } from '../build/compress.ts';
import { DIST } from '../start.ts';
import { median, table } from '../stats.ts';

export function benchCompress(): string {
  if (!existsSync(join(DIST, 'build.json'))) return 'Compression: no finished build in dist/ (npm run build first)';
  const files = readdirSync(DIST, { recursive: true })
    .map(String)
    .filter((f) => COMPRESSIBLE.has(extname(f)))
    .sort()
    .map((f) => join(DIST, f))
    .filter((f) => statSync(f).size >= 1024);
  const sample = files.filter((_, i) => i % 8 === 0).map((f) => readFileSync(f));
  const bytes = sample.reduce((n, b) => n + b.length, 0);
  const measure = (f: (b: Buffer) => Buffer): { cpu: number; out: number } => {
    const cpu: number[] = [];
    let out = 0;
    for (let run = 0; run < 3; run++) {
      const c0 = process.cpuUsage();
      out = 0;
      for (const b of sample) out += f(b).length;
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1e6);
    }
    return { cpu: median(cpu), out };
  };
  const rows: (string | number)[][] = [];
  const row = (name: string, r: { cpu: number; out: number }) =>
    rows.push([name, r.cpu.toFixed(2), (r.cpu * (files.length / sample.length)).toFixed(1), (r.out / 1e6).toFixed(2), `${((100 * r.out) / bytes).toFixed(1)} %`]);
  for (const q of [4, 5, 6, 7, 9]) row(`brotli q${q}${q === BROTLI_QUALITY ? ' (build)' : ''}`, measure((b) => brotliCompressSync(b, brotliOptions(b, q))));
  for (const l of [6, 9]) row(`gzip ${l}${l === GZIP_LEVEL ? ' (build)' : ''}`, measure((b) => gzipSync(b, { level: l })));
  return `Compression (${sample.length} of dist/'s ${files.length} compressible files, ${(bytes / 1e6).toFixed(1)} MB; median CPU of 3 runs; "whole site" = sample CPU × ${(files.length / sample.length).toFixed(1)})\n${table(['codec', 'sample CPU s', 'whole site CPU s (est.)', 'sample out MB', 'of input'], rows)}`;
}
