/**
 * Sandbox bundle sizes: bundles src/sandbox/loader.ts with esbuild (minified, ESM, code splitting, the way Astro/Vite
 * splits the dynamic `import('./widget.ts')` into its own chunk) and reports what a rule page downloads up front
 * (the loader and its static imports) and what only an opened sandbox downloads (widget + engine, a scenario JSON).
 * Also used by the e2e harness (tests/e2e-sandbox/) to build the sandbox into a temporary directory.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, transform, type Metafile } from 'esbuild';
import { PROJECT_ROOT } from '../../src/pipeline/sources.ts';

const ROOT = PROJECT_ROOT;
export const LOADER_ENTRY = join(ROOT, 'src/sandbox/loader.ts');
export const WIDGET_CSS = join(ROOT, 'src/sandbox/widget.css');

export interface SandboxBundle {
  /** Files written, relative to outDir. */
  files: string[];
  /** The loader entry and the chunks it imports statically (what every page with examples downloads). */
  eager: string[];
  /** Chunks loaded by the dynamic import (widget + engine). */
  lazy: string[];
  css: string;
}

/** Bundles loader + widget (+ minified CSS) into `outDir` (`loader.js`, `chunks/*.js`, `sandbox.css`). */
export async function bundleSandbox(outDir: string, opts: { minify?: boolean } = {}): Promise<SandboxBundle> {
  const minify = opts.minify ?? true;
  const res = await build({
    entryPoints: { loader: LOADER_ENTRY },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify,
    outdir: outDir,
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
  });
  const css = (await transform(readFileSync(WIDGET_CSS, 'utf8'), { loader: 'css', minify })).code;
  writeFileSync(join(outDir, 'sandbox.css'), css);
  const meta: Metafile = res.metafile;
  const rel = (p: string) => relative(outDir, resolve(ROOT, p)).split('\\').join('/');
  const outputs = Object.entries(meta.outputs).filter(([p]) => p.endsWith('.js'));
  const entry = outputs.find(([, o]) => o.entryPoint)!;
  const eager = new Set<string>();
  const walk = (p: string) => {
    if (eager.has(p)) return;
    eager.add(p);
    for (const i of meta.outputs[p]?.imports ?? []) if (i.kind === 'import-statement') walk(i.path);
  };
  walk(entry[0]);
  const lazy = outputs.map(([p]) => p).filter((p) => !eager.has(p));
  return { files: [...outputs.map(([p]) => rel(p)), 'sandbox.css'], eager: [...eager].map(rel), lazy: lazy.map(rel), css: 'sandbox.css' };
}

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;
const kb = (n: number) => (n / 1024).toFixed(1);

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const w = headers.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(w[i]!) : c.padStart(w[i]!))).join(' | ')} |`;
  return [line(headers), `|${w.map((x, i) => (i === 0 ? '-'.repeat(x + 2) : `${'-'.repeat(x + 1)}:`)).join('|')}|`, ...rows.map((r) => line(r.map(String)))].join('\n');
}

export async function benchSandbox(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'cr-sandbox-bench-'));
  try {
    const b = await bundleSandbox(dir, { minify: true });
    const size = (files: string[]) => {
      const bufs = files.map((f) => readFileSync(join(dir, f)));
      return { raw: bufs.reduce((n, x) => n + x.length, 0), gz: bufs.reduce((n, x) => n + gz(x), 0) };
    };
    const eager = size(b.eager);
    const lazy = size(b.lazy);
    const css = size([b.css]);
    // data: written by the real build step into the same temp dir
    const { writeSandboxData } = await import('../build/sandbox-data.ts');
    await writeSandboxData(dir);
    const index = size(['sandbox/index.json']);
    const scen = readdirSync(join(dir, 'sandbox/scenarios')).map((f) => statSync(join(dir, 'sandbox/scenarios', f)) && gz(readFileSync(join(dir, 'sandbox/scenarios', f))));
    scen.sort((a, c) => a - c);
    const rows: (string | number)[][] = [
      ['loader (+ static imports), every page with examples', b.eager.length, kb(eager.raw), kb(eager.gz)],
      ['widget + engine, on first "Open sandbox"', b.lazy.length, kb(lazy.raw), kb(lazy.gz)],
      ['widget CSS (linked by SandboxLoader.astro)', 1, kb(css.raw), kb(css.gz)],
      ['sandbox/index.json, fetched when idle', 1, kb(index.raw), kb(index.gz)],
      [`scenario JSON on open (median of ${scen.length})`, 1, '', kb(scen[scen.length >> 1] ?? 0)],
    ];
    return `Sandbox (esbuild, minified, gzip -9; KiB)\n${table(['part', 'files', 'raw KiB', 'gzip KiB'], rows)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  benchSandbox().then((t) => console.log(t));
}
