/**
 * Search benchmark (part of `npm run bench`; also `tsx scripts/bench/bench-search.ts`). Three tables:
 *
 *   1. Downloads per language (latest edition): what the first result needs (worker JS + the head
 *      bundle: numbers, headings, glossary terms), what loads in the background (the full bundle),
 *      what a cross-language query adds (the bridge and the other languages' heads), all gzip -9; and, in Chromium
 *      against the built site (dist/), the time from focusing the box to the first rows (head) and
 *      to the rows from the full text.
 *   2. Relevance per language, edition, box and part (content/search/relevance.{lang}.json, each on its
 *      pinned edition and, for ja/ko, on the current edition with the expectations followed there
 *      through the history): recall@1, recall@10 and MRR of the instant box (the core, in Node) and of
 *      the full-text page (Chromium, /{lang}/search/?edition=…, the rows as a reader sees them),
 *      plus the rows Pagefind adds below the core's (each rule listed once, so this is not
 *      Pagefind alone), on the tuned and the held-out part apart; the held-out and retired parts
 *      again against both judges' answers (relevance.ts `twoJudges`); then per query kind.
 *   3. Query latency (median / p95 over the relevance queries and their typing prefixes; each
 *      query's time is the median of 5 runs after three warm-up passes, in each of five rounds: the
 *      best round's figures and every round's p95, src/search/timing.ts; snippets and cross-language
 *      fusion included) in Node and in Chromium, and the index build time.
 * The Chromium parts need /usr/bin/chromium (and dist/ for the page measurements); without them the
 * cells say n/a.
 */
import { LANGS } from '../../src/i18n/locales.ts';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import type { Lang } from '../../src/model/types.ts';
import type { SearchBundle } from '../../src/search/types.ts';
import { toBridge, toHead } from '../../src/search/head.ts';
import { loadBundle, loadHead, ROOT } from '../build/search-index.ts';
import { readCatalog, readHistory } from '../../src/pipeline/generated.ts';
import { hasChromium, launchChromium } from '../browser.ts';
import { median, quantile } from '../stats.ts';
import { timeQueries, WARM_UPS } from '../../src/search/timing.ts';
import { atEdition, editionsToMeasure, evaluate, hitMatches, PARTS, readRelevanceSet, summarize, twoJudges, type Part, type RelevanceCase, type Summary } from './relevance.ts';
import { serve } from '../start.ts';

/** The parts a second judge answered (relevance.ts `second`). */
const SECOND_JUDGE_PARTS = ['retired', 'heldout'] as const;

const RUNS = 5;
/** Timed rounds per language and runtime (timing.ts says why more than one). */
const ROUNDS = 5;
const DIST = join(ROOT, 'dist');

const gz = (x: unknown) => gzipSync(typeof x === 'string' ? x : JSON.stringify(x), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number | null | undefined, d = 0) => (n === null || n === undefined ? 'n/a' : `${n.toFixed(d)} ms`);

async function bundleJs(entry: string, format: 'esm' | 'iife'): Promise<string> {
  const esbuild = await import('esbuild');
  const out = await esbuild.build({ entryPoints: [entry], bundle: true, minify: true, write: false, format, platform: 'browser', target: 'es2022' });
  return out.outputFiles[0]!.text;
}

function queriesFor(lang: Lang): string[] {
  const qs = readRelevanceSet()[lang].cases.map((c) => c.q);
  const typing = qs.flatMap((q) => Array.from({ length: Math.min(Array.from(q).length - 1, 5) }, (_, i) => Array.from(q).slice(0, i + 1).join('')));
  return [...new Set([...qs, ...typing])];
}

/**
 * A runtime's latency cell: median / p95 of the round with the lowest p95, then every round's p95 in
 * time order, so a round the machine slowed down shows beside the code's cost.
 */
function latencyCells(rounds: number[][]): string {
  const p95s = rounds.map((r) => quantile(r, 0.95));
  const best = rounds[p95s.indexOf(Math.min(...p95s))]!;
  return `${median(best).toFixed(3)} / ${quantile(best, 0.95).toFixed(3)} (${p95s.map((p) => p.toFixed(2)).join(' ')})`;
}

/** Bundle ids a cross-language query loads (as heads). */
function related(native: SearchBundle): string[] {
  const ids = new Set<string>();
  if (native.english) ids.add(native.english);
  for (const link of Object.values(native.foreign)) if (link) ids.add(link.bundle);
  return [...ids];
}

const latestId = (lang: Lang) => {
  const e = readCatalog().editions.find((x) => x.lang === lang && x.latest);
  return e ? `${lang}-${e.edition}` : null;
};

/** Core latency in Chromium (the same code the worker runs, bundled by esbuild). */
async function chromiumTimes(browser: Browser, script: string, bundles: SearchBundle[], nativeId: string, queries: string[]): Promise<{ build: number; rounds: number[][] }> {
  const page = await browser.newPage();
  try {
    await page.setContent('<!doctype html><title>bench</title>');
    await page.addScriptTag({ content: script });
    return await page.evaluate(
      ([b, id, q, runs, rounds]) => (globalThis as unknown as { crBench: (...a: unknown[]) => { build: number; rounds: number[][] } }).crBench(b, id, q, runs, rounds),
      [bundles, nativeId, queries, RUNS, ROUNDS] as const,
    );
  } finally {
    await page.close();
  }
}

/** Focus → first rows (head) and → rows from the full text, on a fresh page of the built site. */
async function firstResult(browser: Browser, base: string, lang: Lang, query: string): Promise<{ head: number | null; full: number | null }> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  try {
    await page.goto(`${base}${lang}/`);
    return await page.evaluate(async (q) => {
      const input = document.querySelector<HTMLInputElement>('input[data-cr-search]')!;
      const list = document.querySelector<HTMLElement>('[data-cr-search-results]')!;
      const t0 = performance.now();
      input.focus();
      input.value = q;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      let head: number | null = null;
      for (;;) {
        await new Promise((r) => setTimeout(r, 2));
        const now = performance.now() - t0;
        if (head === null && list.dataset['q'] === q && list.children.length) head = now;
        if (list.dataset['part'] === 'full' && list.dataset['q'] === q) return { head, full: now };
        if (now > 20_000) return { head, full: null };
      }
    }, query);
  } finally {
    await ctx.close();
  }
}

interface Row { number: string; refs: string[]; source: string }

/** The full-text page's rows for every query of a language (one page; queries submitted in turn). */
async function fullTextRows(browser: Browser, base: string, lang: Lang, edition: string, cases: RelevanceCase[]): Promise<Row[][]> {
  const page = await browser.newPage();
  const out: Row[][] = [];
  try {
    await page.goto(`${base}${lang}/search/?edition=${edition}`);
    let done = 0;
    for (const c of cases) {
      await page.fill('[data-cr-fulltext-input]', c.q);
      await page.evaluate(() => document.querySelector<HTMLFormElement>('[data-cr-fulltext-form]')!.requestSubmit());
      done++;
      await page.waitForFunction((n) => Number(document.querySelector<HTMLElement>('[data-cr-fulltext]')?.dataset['done'] ?? 0) >= n, done + 0, { timeout: 60_000 });
      out.push(
        await page.$$eval('[data-cr-fulltext-results] > li', (lis) =>
          lis.map((li) => {
            const d = (li as HTMLElement).dataset;
            return { number: d['number'] ?? '', refs: (d['refs'] ?? '').split(' ').filter(Boolean), source: d['source'] ?? 'core' };
          }),
        ),
      );
    }
  } finally {
    await page.close();
  }
  return out;
}

function score(cases: RelevanceCase[], lists: Row[][], part: Part): Summary {
  const ranks: (number | null)[] = [];
  cases.forEach((c, i) => {
    if (c.part !== part) return;
    const rows = lists[i]!.slice(0, 10);
    const k = rows.findIndex((r) => c.expect.some((e) => hitMatches({ number: r.number, ...(r.refs.length ? { glossary: { refs: r.refs } } : {}) }, e)));
    ranks.push(k >= 0 ? k + 1 : null);
  });
  return summarize(ranks);
}

const cells = (s: Summary) => `${s.recall1.toFixed(3)} / ${s.recall10.toFixed(3)} / ${s.mrr.toFixed(3)}`;

/** Runs the benchmark and returns the printed tables. */
export async function benchSearch(): Promise<string> {
  const { Searcher } = await import('../../src/search/engine.ts');
  const { SearchSession } = await import('../../src/search/session.ts');
  const workerJs = await bundleJs(join(ROOT, 'src/components/search/search.worker.ts'), 'esm');
  const workerGz = gz(workerJs);
  const benchJs = await bundleJs(join(ROOT, 'src/search/bench-entry.ts'), 'iife');
  const browser = hasChromium ? await launchChromium() : null;
  const site = browser && existsSync(join(DIST, 'pagefind')) ? await serve(DIST, 0) : null;
  const set = readRelevanceSet();
  const store = readHistory();
  const t1: string[] = [];
  const t2: string[] = [];
  const t2b = ['lang  edition     part     queries  instant box R@1 / R@10 / MRR (Node)  full-text page R@1 / R@10 / MRR (Chromium)'];
  const t3: string[] = [];
  t1.push('lang  bundle          head gzip  1st result download (worker + head)  full bundle gzip (background)  + cross-language (bridge + other heads)  focus→first rows (head)  focus→rows from full text');
  t2.push('lang  edition     part     queries  instant box R@1 / R@10 / MRR (Node)  full-text page R@1 / R@10 / MRR (Chromium)  Pagefind-added rows (asked when the core answer needs it: fuse.ts)');
  const kinds: string[] = [];
  t3.push(`lang  build node / chromium (full; head)  ${['node', 'chromium'].map((r) => `${r} median / p95 ms (best round; p95 of each)`.padStart(42)).join(' ')}`);
  try {
    for (const lang of LANGS) {
      const id = latestId(lang);
      if (!id) continue;
      const bundle = loadBundle(id);
      const headGz = gz(toHead(bundle));
      const fullGz = gz({ ...bundle, part: 'full' });
      const others = related(bundle);
      const crossGz = gz(toBridge(bundle)) + others.reduce((s, o) => s + gz(toHead(loadBundle(o))), 0);
      const first = site && browser ? await firstResult(browser, site.url, lang, set[lang].cases[10]?.q ?? 'rule').catch(() => null) : null;
      t1.push([lang.padEnd(4), id.padEnd(15), kb(headGz).padStart(10), `${kb(workerGz + headGz)} (${kb(workerGz)} + ${kb(headGz)})`.padStart(37), kb(fullGz).padStart(30), (crossGz ? `+${kb(crossGz)}` : '–').padStart(40), ms(first?.head).padStart(24), ms(first?.full).padStart(26)].join(' '));

      // Relevance: on the set's own edition, and (ja, ko) on the current edition /ja/ and /ko/ show, the
      // expectations followed there through the history.
      for (const edition of editionsToMeasure(set[lang])) {
        const rel = atEdition(set[lang], edition, store).set;
        const instant = await evaluate(lang, rel);
        const lists = site && browser ? await fullTextRows(browser, site.url, lang, rel.edition, rel.cases).catch(() => null) : null;
        for (const part of PARTS) {
          const page = lists ? cells(score(rel.cases, lists, part)) : 'n/a';
          const alone = lists ? cells(score(rel.cases, lists.map((rows) => rows.filter((r) => r.source === 'pagefind')), part)) : 'n/a';
          t2.push([lang.padEnd(4), edition.padEnd(11), part.padEnd(8), String(instant.byPart[part].n).padStart(7), cells(instant.byPart[part]).padStart(36), page.padStart(44), alone.padStart(25)].join(' '));
          kinds.push(`  ${lang} ${edition} ${part} (instant box): ` + Object.entries(instant.byKind[part]).map(([k, v]) => `${k} ${v.recall1.toFixed(2)}/${v.recall10.toFixed(2)}/${v.mrr.toFixed(2)} (${v.n})`).join(', '));
        }
        // The same rows and lists, scored against both judges' answers (the parts the second judge answered).
        const both = twoJudges(rel);
        const judged = await evaluate(lang, both);
        for (const part of SECOND_JUDGE_PARTS) {
          if (!both.cases.some((c) => c.part === part && c.second)) continue;
          const page = lists ? cells(score(both.cases, lists, part)) : 'n/a';
          t2b.push([lang.padEnd(4), edition.padEnd(11), part.padEnd(8), String(judged.byPart[part].n).padStart(7), cells(judged.byPart[part]).padStart(36), page.padStart(44)].join(' '));
        }
      }

      // Latency.
      const queries = queriesFor(lang);
      const h0 = performance.now();
      new Searcher(loadHead(id));
      const headBuild = performance.now() - h0;
      const t0 = performance.now();
      const native = new Searcher(bundle);
      const build = performance.now() - t0;
      const session = new SearchSession(native);
      const heads = others.map((o) => loadHead(o));
      for (const h of heads) session.provide(new Searcher(h));
      const rounds = timeQueries(session, queries, RUNS, ROUNDS);
      const chrome = browser ? await chromiumTimes(browser, benchJs, [bundle, ...heads], bundle.id, queries).catch(() => null) : null;
      t3.push([lang.padEnd(4), `${build.toFixed(0)} / ${chrome ? chrome.build.toFixed(0) : 'n/a'} ms; ${headBuild.toFixed(0)} ms`.padStart(35), ...[rounds, chrome?.rounds].map((r) => (r ? latencyCells(r) : 'n/a').padStart(42))].join(' '));
    }
  } finally {
    await browser?.close();
    site?.server.close();
  }
  return [
    'Search: downloads (gzip -9) and time to the first result (Chromium, built site on localhost, fresh context)',
    ...t1,
    `worker JS (FlexSearch light + core) ${kb(workerGz)} gzip; the head answers numbers, headings and glossary terms; rule text arrives with the full bundle, the term bridge with the first query in another script. Target: first download (worker + head) ≤ 60 KB gzip per language.`,
    '',
    'Search: relevance (content/search/relevance.{lang}.json on its pinned edition, and for ja/ko on the current edition with the expected rules followed through the history; a glossary row counts for the rules it shows). Targets on the held-out part: recall@10 ≥ 0.95 and MRR ≥ 0.85 per language, natural-language questions recall@10 ≥ 0.90.',
    ...t2,
    'The same, where a second judge answered (held-out and retired parts, 2026-11-29): a row counts if it is a rule either judge named. The second judge read only the question and the rule texts, never the first expectations or a result. The targets are measured on the first judge\'s part above; this says how much of the gap is one answer per question.',
    ...t2b,
    'by query kind (recall@1 / recall@10 / MRR, queries):',
    ...kinds,
    '',
    'Chromium clamps performance.now() to 0.1 ms, so its latency cells are multiples of 0.1 ms.',
    `Search: query latency over the relevance queries and their typing prefixes (${LANGS.map((l) => queriesFor(l).length).join('/')}); per-query median of ${RUNS} runs after ${WARM_UPS} warm-up passes, in each of ${ROUNDS} rounds; the median / p95 of the round with the lowest p95, then each round's p95 in order; snippets and cross-language fusion included. Target: Node p95 ≤ 1 ms.`,
    'This machine comes and goes in a state where the search runs 1.7–2.2 times slower for seconds at a time while a register-bound loop on the same thread keeps its speed (design notes §3.10); the best round is the code\'s cost, the others show the machine\'s moments.',
    ...t3,
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${await benchSearch()}\n`);
}
