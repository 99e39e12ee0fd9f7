/**
 * Search benchmark (wired into `npm run bench` by the lead; also `tsx scripts/bench-search.ts`).
 *
 * Per language (latest edition):
 *   - instant-index bytes: the bundle JSON (raw / gzip -9) and the worker JS (minified, gzip);
 *   - bytes fetched for a first query: worker JS + bundle (+ the English bundle for a cross-language
 *     query on ja/ko, + the ja/ko bundle for a CJK query on en);
 *   - index build time and query latency (median / p95 over the relevance queries and their typing
 *     prefixes; each query's latency is the median of 5 runs, so a GC pause does not count as a
 *     slow query), in Node and, when /usr/bin/chromium and playwright-core exist, in headless Chromium.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Lang } from '../src/model/types.ts';
import type { SearchBundle } from '../src/search/types.ts';
import { loadBundle, ROOT } from './search-index.ts';
import { readCatalog } from '../src/pipeline/generated.ts';
import { hasChromium, launchChromium } from './browser.ts';
import { median, quantile } from './stats.ts';
import { readRelevanceSet } from './relevance.ts';

const RUNS = 5;

function stats(times: number[]): { median: number; p95: number } {
  return { median: median(times), p95: quantile(times, 0.95) };
}

async function bundleJs(entry: string, format: 'esm' | 'iife'): Promise<string> {
  const esbuild = await import('esbuild');
  const out = await esbuild.build({ entryPoints: [entry], bundle: true, minify: true, write: false, format, platform: 'browser', target: 'es2022' });
  return out.outputFiles[0]!.text;
}

function queriesFor(lang: Lang): string[] {
  const qs = readRelevanceSet()[lang].map((c) => c.q);
  const typing = qs.flatMap((q) => Array.from({ length: Math.min(Array.from(q).length - 1, 5) }, (_, i) => Array.from(q).slice(0, i + 1).join('')));
  return [...new Set([...qs, ...typing])];
}

function related(native: SearchBundle): SearchBundle[] {
  const ids = new Set<string>();
  if (native.english) ids.add(native.english);
  for (const link of Object.values(native.foreign)) if (link) ids.add(link.bundle);
  return [...ids].map((id) => loadBundle(id));
}

async function chromiumTimes(script: string, bundles: SearchBundle[], nativeId: string, queries: string[]): Promise<{ build: number; times: number[] } | null> {
  if (!hasChromium) return null;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>bench</title>');
    await page.addScriptTag({ content: script });
    return await page.evaluate(
      ([b, id, q, runs]) => (globalThis as unknown as { crBench: (...a: unknown[]) => { build: number; times: number[] } }).crBench(b, id, q, runs),
      [bundles, nativeId, queries, RUNS] as const,
    );
  } finally {
    await browser.close();
  }
}

/** Runs the benchmark and returns the printed table. */
export async function benchSearch(): Promise<string> {
  const { Searcher } = await import('../src/search/engine.ts');
  const { SearchSession } = await import('../src/search/session.ts');
  const catalog = readCatalog();
  const workerJs = await bundleJs(join(ROOT, 'src/components/search/search.worker.ts'), 'esm');
  const workerGz = gzipSync(workerJs, { level: 9 }).length;
  const benchJs = await bundleJs(join(ROOT, 'src/search/bench-entry.ts'), 'iife');
  const lines: string[] = [];
  lines.push(`search worker JS (FlexSearch + core): ${(workerJs.length / 1024).toFixed(0)} KB raw, ${(workerGz / 1024).toFixed(1)} KB gzip`);
  lines.push('');
  lines.push('lang edition      rules  index raw  index gzip  1st query (native)  1st query (cross)  build node/chromium  node median/p95 ms  chromium median/p95 ms');
  for (const lang of ['en', 'ja', 'ko'] as const) {
    const e = catalog.editions.find((x) => x.lang === lang && x.latest);
    if (!e) continue;
    const bundle = loadBundle(`${lang}-${e.edition}`);
    const json = JSON.stringify(bundle);
    const gz = gzipSync(json, { level: 9 }).length;
    const others = related(bundle);
    const crossGz = others.length ? Math.max(...others.map((o) => gzipSync(JSON.stringify(o), { level: 9 }).length)) : 0;
    const queries = queriesFor(lang);
    // Node.
    const t0 = performance.now();
    const native = new Searcher(bundle);
    const build = performance.now() - t0;
    const session = new SearchSession(native);
    for (const o of others) session.provide(new Searcher(o));
    for (const q of queries) session.searchLoaded(q, 10);
    const times = queries.map((q) => {
      const ts: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const a = performance.now();
        session.searchLoaded(q, 10);
        ts.push(performance.now() - a);
      }
      return stats(ts).median;
    });
    const node = stats(times);
    const chrome = await chromiumTimes(benchJs, [bundle, ...others], bundle.id, queries).catch(() => null);
    const cs = chrome ? stats(chrome.times) : null;
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    lines.push(
      [
        lang.padEnd(4),
        e.edition.padEnd(12),
        String(bundle.records.length).padStart(5),
        kb(Buffer.byteLength(json)).padStart(10),
        kb(gz).padStart(11),
        kb(gz + workerGz).padStart(19),
        (crossGz ? kb(gz + workerGz + crossGz) : '–').padStart(18),
        `${build.toFixed(0)} / ${chrome ? chrome.build.toFixed(0) : '–'} ms`.padStart(20),
        `${node.median.toFixed(3)} / ${node.p95.toFixed(3)}`.padStart(19),
        (cs ? `${cs.median.toFixed(3)} / ${cs.p95.toFixed(3)}` : 'n/a').padStart(23),
      ].join(' '),
    );
  }
  lines.push('');
  lines.push(`queries: relevance set + typing prefixes (${queriesFor('en').length}/${queriesFor('ja').length}/${queriesFor('ko').length}); latency = per-query median of ${RUNS} runs, then median/p95 over queries; includes snippets and cross-language fusion.`);
  lines.push('targets: p95 < 1 ms after load; instant index ≤ 250 KB gzip per language (native first query column).');
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${await benchSearch()}\n`);
}
