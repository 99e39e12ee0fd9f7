/**
 * History numbers for `npm run bench`: time and memory to build the history of every English edition
 * (parse, then match and chain), the store's size on disk and gzip, the /api/ and page weight of the
 * history in dist/, and the any-two diff: in Node and in Chromium on the built compare page.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseDocument } from '../../src/pipeline/index.ts';
import { mirrorDirectory } from '../../src/pipeline/sources.ts';
import { editionItems, type EditionItems } from '../../src/history/items.ts';
import { buildHistory } from '../../src/history/chain.ts';
import { diffEditions } from '../../src/history/diff.ts';
import type { HistoryStore } from '../../src/history/store.ts';
import { median, table } from '../stats.ts';
import { DIST, serve } from '../start.ts';
import { hasChromium, launchChromium } from '../browser.ts';

const MB = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
const KB = (n: number) => `${(n / 1024).toFixed(0)} KB`;

function dirBytes(dir: string): { files: number; bytes: number; gzip: number } {
  let files = 0;
  let bytes = 0;
  let gzip = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      // The build's precompressed copies (.br, .gz) are the same pages again: count each page once.
      else if (!/\.(br|gz)$/.test(e.name)) {
        const b = readFileSync(p);
        files++;
        bytes += b.length;
        gzip += gzipSync(b).length;
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return { files, bytes, gzip };
}

/** Pairs the any-two page is timed on: the widest span, a decade, a typical year, one step. */
const PAIRS: [string, string][] = [['2009-09-04', '2026-01-16'], ['2016-07-22', '2026-01-16'], ['2024-11-08', '2025-11-14'], ['2025-11-14', '2026-01-16']];

export async function benchHistory(): Promise<string> {
  const mirror = mirrorDirectory();
  const archive = mirror ? join(mirror, 'en-archive') : null;
  if (!archive || !existsSync(archive)) return 'History: no en-archive/ in the mirror; skipped';
  const files = readdirSync(archive).filter((f) => f.endsWith('.txt')).sort();
  const before = process.memoryUsage();
  let t = performance.now();
  const items: EditionItems[] = files.map((f) => editionItems(parseDocument(readFileSync(join(archive, f)), f, { lang: 'en' })));
  const parseS = (performance.now() - t) / 1000;
  const runs: number[] = [];
  let store!: HistoryStore;
  let heapAfter = 0;
  for (let i = 0; i < 3; i++) {
    t = performance.now();
    store = buildHistory(items);
    runs.push((performance.now() - t) / 1000);
    heapAfter = Math.max(heapAfter, process.memoryUsage().heapUsed);
  }
  const json = JSON.stringify(store);
  const rows: (string | number)[][] = [
    ['editions', store.editions.length],
    ['parse all editions (s, one pass)', parseS.toFixed(1)],
    ['match + chain (s, median of 3)', median(runs).toFixed(2)],
    ['heap growth while building (MB)', ((heapAfter - before.heapUsed) / 1e6).toFixed(0)],
    ['peak RSS of the bench process (MB, maxRSS)', (process.resourceUsage().maxRSS / 1024).toFixed(0)],
    ['rule histories (chains)', store.rules.length],
    ['glossary histories', store.glossary.length],
    ['distinct texts', store.texts.length],
    ['store on disk', MB(json.length)],
    ['store gzip', MB(gzipSync(json).length)],
    ['84 editions as plain text (for scale)', MB(files.reduce((s, f) => s + statSync(join(archive, f)).size, 0))],
  ];
  let out = `History of the English editions\n${table(['measure', 'value'], rows)}`;

  const node = PAIRS.map(([a, b]) => {
    const times: number[] = [];
    let n = 0;
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      const d = diffEditions(store, a, b);
      times.push(performance.now() - s);
      n = d.rules.length + d.examples.length + d.glossary.length;
    }
    return { pair: `${a} → ${b}`, entries: n, ms: median(times) };
  });

  const api = dirBytes(join(DIST, 'api/en/history'));
  const changesApi = dirBytes(join(DIST, 'api/en/changes'));
  const pages = dirBytes(join(DIST, 'en/history'));
  const changePages = dirBytes(join(DIST, 'en/changes'));
  if (existsSync(DIST)) {
    out += `\n\nHistory in dist/ (each file once, without its precompressed .br/.gz copies; gzip = what a gzip transfer sends)\n${table(['part', 'files', 'bytes', 'gzip'], [
      ['/en/history/ pages', pages.files, MB(pages.bytes), MB(pages.gzip)],
      ['/en/changes/ pages + feed', changePages.files, MB(changePages.bytes), MB(changePages.gzip)],
      ['/api/en/history/ (store + per number)', api.files, MB(api.bytes), MB(api.gzip)],
      ['/api/en/changes/ (per pair)', changesApi.files, MB(changesApi.bytes), MB(changesApi.gzip)],
    ])}`;
  }

  const browser: Record<string, number> = {};
  let storeMs = 0;
  if (hasChromium && existsSync(join(DIST, 'en/changes/compare/index.html'))) {
    const { server, url } = await serve();
    const b = await launchChromium();
    try {
      const page = await b.newPage();
      for (const [a, z] of PAIRS) {
        const times: number[] = [];
        for (let i = 0; i < 3; i++) {
          const s = performance.now();
          await page.goto(`${url}/en/changes/compare/?old=${a}&new=${z}`);
          await page.waitForFunction(() => document.documentElement.dataset['compared'] !== undefined, null, { timeout: 60_000 });
          if (i === 0) storeMs = Math.max(storeMs, performance.now() - s);
          times.push(Number(await page.evaluate(() => document.documentElement.dataset['compareMs'])));
        }
        browser[`${a} → ${z}`] = median(times);
      }
    } finally {
      await b.close();
      server.close();
    }
  }
  out += `\n\nAny-two diff (median ms; browser: diff + render on /en/changes/compare/ in headless Chromium, store already loaded)\n${table(
    ['pair', 'entries', 'Node diff ms', 'browser ms'],
    node.map((r) => [r.pair, r.entries, r.ms.toFixed(0), browser[r.pair] === undefined ? 'n/a (no dist/ or Chromium)' : browser[r.pair]!.toFixed(0)]),
  )}`;
  if (storeMs) out += `\nfirst load of the compare page including the store download, loopback: ${storeMs.toFixed(0)} ms (${KB(statSync(join(DIST, 'api/en/history/store.json')).size)} uncompressed)`;
  return out;
}
