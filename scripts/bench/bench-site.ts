/**
 * Site numbers for `npm run bench`: build time (each stage of the real `npm run build`), page count, HTML and JS bytes (gzip) of the heaviest
 * and median page, JS shipped on a rule page, the deploy tree's files and bytes, each offline edition's size.
 * Targets: rule page JS ≤ 20 KB gzip (without the sandbox), heaviest page HTML ≤ 150 KB gzip, the build's steps
 * ≤ 60 s on 2 cores, dist/ ≤ 20,000 files and ≤ 250 MB.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST, ROOT } from '../start.ts';

const KB = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function* files(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield p;
  }
}

function timed(cmd: string, args: string[]): number {
  const t = performance.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'pipe', encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed\n${r.stdout}\n${r.stderr}`.slice(-4000));
  return (performance.now() - t) / 1000;
}

/** gzip size of the scripts a page loads (module scripts and their static imports under /_astro/). */
function pageJs(html: string, cache: Map<string, number>): number {
  const seen = new Set<string>();
  const queue = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  let total = 0;
  while (queue.length > 0) {
    const src = queue.shift()!;
    if (seen.has(src) || !src.startsWith('/')) continue;
    seen.add(src);
    const file = join(DIST, src);
    if (!existsSync(file)) continue;
    const code = readFileSync(file);
    if (!cache.has(src)) cache.set(src, gzipSync(code).length);
    total += cache.get(src)!;
    for (const m of code.toString('utf8').matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+|\/_astro\/[^"']+)["']/g)) {
      queue.push(m[1]!.startsWith('/') ? m[1]! : new URL(m[1]!, `http://x${src}`).pathname);
    }
  }
  return total;
}

export interface SiteBenchOptions {
  /** Reuse the existing dist/ instead of building (no build time then). */
  skipBuild?: boolean;
}

export async function benchSite(options: SiteBenchOptions = {}): Promise<string> {
  const rows: [string, string, string][] = [];
  if (!options.skipBuild) {
    // The real build (`npm run build`: every stage, swapped in atomically), so the tables after this one (search,
    // Lighthouse, server, compression) measure a finished site. Timing `astro build` alone wrote an unfinished dist/
    // (no Pagefind index, no precompressed files, no build.json), which those tables then measured or refused.
    const total = timed('npm', ['run', 'build']);
    const record = JSON.parse(readFileSync(join(DIST, 'build.json'), 'utf8')) as { seconds: number; stages: { name: string; seconds: number; alongside?: string }[] };
    for (const st of record.stages) rows.push([`build: ${st.name}`, `${st.seconds.toFixed(1)} s`, st.alongside ? `alongside ${st.alongside}` : '']);
    rows.push(['build: every step (build.json)', `${record.seconds.toFixed(1)} s`, record.seconds <= 60 ? 'ok (≤ 60 s)' : 'OVER (≤ 60 s)']);
    rows.push(['build: total (npm run build, with the swap)', `${total.toFixed(1)} s`, '']);
  }
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ is missing: run npm run build');

  const pages: { path: string; html: number; js: number }[] = [];
  let redirects = 0;
  let json = 0;
  let totalBytes = 0;
  let fileCount = 0;
  const jsCache = new Map<string, number>();
  for (const f of files(DIST)) {
    totalBytes += statSync(f).size;
    fileCount++;
    if (f.endsWith('.json')) json++;
    if (!f.endsWith('.html')) continue;
    const html = readFileSync(f);
    const text = html.toString('utf8');
    if (text.includes('http-equiv="refresh"')) {
      redirects++;
      continue;
    }
    pages.push({ path: `/${relative(DIST, f).split(sep).join('/')}`.replace(/index\.html$/, ''), html: gzipSync(html).length, js: pageJs(text, jsCache) });
  }
  pages.sort((a, b) => a.html - b.html);
  const heaviest = pages[pages.length - 1]!;
  const median = pages[Math.floor(pages.length / 2)]!;
  const maxJs = Math.max(...pages.map((p) => p.js));
  const rulePage = pages.find((p) => p.path === '/en/702/') ?? median;

  rows.push(['pages (HTML, not redirects)', String(pages.length), '']);
  rows.push(['redirect pages', String(redirects), '']);
  rows.push(['JSON files', String(json), '']);
  rows.push(['dist/ files (the deploy tree)', String(fileCount), fileCount <= 20_000 ? 'ok (≤ 20,000)' : 'OVER (≤ 20,000)']);
  rows.push(['dist/ size (raw bytes of its files)', `${(totalBytes / 1e6).toFixed(1)} MB`, totalBytes <= 250e6 ? 'ok (≤ 250 MB)' : 'OVER (≤ 250 MB)']);
  // What "save this edition" downloads per language and edition (dist/offline/*.json, src/site/host/offline.ts).
  const offlineDir = join(DIST, 'offline');
  for (const f of existsSync(offlineDir) ? readdirSync(offlineDir).filter((n) => n.endsWith('.json')).sort() : []) {
    const list = JSON.parse(readFileSync(join(offlineDir, f), 'utf8')) as { files: string[]; data: string[]; assets: string[]; bytes: number; english?: string };
    rows.push([`offline edition ${f.replace(/\.json$/, '')}${list.english ? ` (+ en ${list.english})` : ''}`, `${(list.bytes / 1e6).toFixed(1)} MB`, `${list.files.length} pages, ${list.data.length} data, ${list.assets.length} assets`]);
  }
  rows.push([`heaviest page HTML gzip (${heaviest.path})`, KB(heaviest.html), heaviest.html <= 150 * 1024 ? 'ok (≤ 150 KB)' : 'OVER (≤ 150 KB)']);
  rows.push([`median page HTML gzip (${median.path})`, KB(median.html), '']);
  rows.push([`heaviest page JS gzip`, KB(maxJs), '']);
  rows.push([`median page JS gzip`, KB(median.js), '']);
  rows.push([`rule page JS gzip (${rulePage.path})`, KB(rulePage.js), rulePage.js <= 20 * 1024 ? 'ok (≤ 20 KB)' : 'OVER (≤ 20 KB)']);

  const w = Math.max(...rows.map((r) => r[0].length));
  const v = Math.max(...rows.map((r) => r[1].length));
  return ['Site', ...rows.map(([k, val, note]) => `  ${k.padEnd(w)}  ${val.padStart(v)}  ${note}`.trimEnd())].join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split(sep).pop()!)) {
  process.stdout.write(`${await benchSite({ skipBuild: process.argv.includes('--no-build') })}\n`);
}
