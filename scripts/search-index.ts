/**
 * `tsx scripts/search-index.ts [OUT_DIR]`: writes one search bundle per language and edition,
 * `{OUT_DIR}/{lang}-{edition}.json` (default OUT_DIR `public/search`, so `astro build` copies them
 * to `dist/search/` and `astro dev` serves them), plus `index.json` listing them.
 *
 * Run after `npm run data` and before `astro build`. The bundles are built from
 * `src/generated/` only (never from the sources) and are generated files (gitignored).
 */
import { LANGS } from '../src/i18n/locales.ts';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Lang, RuleDocument } from '../src/model/types.ts';
import { buildBundle } from '../src/search/build.ts';
import { fromHead, toBridge, toHead } from '../src/search/head.ts';
import { Searcher } from '../src/search/engine.ts';
import { prepareIndex, type PreparedIndex } from '../src/search/record-index.ts';
import type { SearchBundle, Synonym } from '../src/search/types.ts';
import { catalogFile, readCatalog, readDocument } from '../src/pipeline/generated.ts';
import { replaceDirectorySync } from './replace-dir.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SEARCH_OUT = join(ROOT, 'public/search');

export function readSynonyms(lang: Lang): Synonym[] {
  const file = join(ROOT, 'content/search', `synonyms.${lang}.json`);
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { synonyms: Synonym[] }).synonyms;
}

/** Builds every bundle the catalog lists (in memory). */
export function buildAllBundles(catalog = readCatalog()): SearchBundle[] {
  const docs = new Map<string, RuleDocument>();
  const doc = (lang: Lang, edition: string) => {
    const key = `${lang}-${edition}`;
    if (!docs.has(key)) docs.set(key, readDocument(lang, edition));
    return docs.get(key);
  };
  const bundles: SearchBundle[] = [];
  for (const e of catalog.editions) {
    const d = doc(e.lang, e.edition);
    if (!d) continue;
    d.edition ??= e.edition;
    const synonyms = readSynonyms(e.lang);
    if (e.lang === 'en') {
      const foreign: { lang: 'ja' | 'ko'; doc: RuleDocument; english?: RuleDocument }[] = [];
      for (const lang of ['ja', 'ko'] as const) {
        const same = catalog.editions.find((x) => x.lang === lang && x.edition === e.edition && !x.partial);
        const pick = same ?? catalog.editions.find((x) => x.lang === lang && x.latest);
        const fd = pick && doc(lang, pick.edition);
        if (!pick || !fd) continue;
        fd.edition ??= pick.edition;
        // The English of the translation's own date, when the build has it (an --allow-missing build may not).
        const english = catalog.editions.some((x) => x.lang === 'en' && x.edition === pick.edition) ? doc('en', pick.edition) : undefined;
        foreign.push({ lang, doc: fd, ...(english ? { english } : {}) });
      }
      bundles.push(buildBundle({ doc: d, synonyms, foreign }));
    } else {
      const english = e.english ? doc('en', e.english) : undefined;
      bundles.push(buildBundle({ doc: d, synonyms, englishBundle: english ? `en-${e.english}` : null, ...(english ? { english } : {}) }));
    }
  }
  return bundles;
}

/** Metadata of the written bundles (for the site, the bench and humans). */
export interface BundleIndexEntry {
  id: string;
  lang: Lang;
  edition: string;
  latest: boolean;
  records: number;
  bytes: number;
  gzip: number;
  /** The head (`{id}.head.json`): the first download. */
  headBytes: number;
  headGzip: number;
  /** The bridge (`{id}.bridge.json`): fetched with the first query in another script. */
  bridgeGzip: number;
}

/** Writes the bundles and `index.json` into `outDir`. */
export function writeBundles(outDir = SEARCH_OUT, catalog = readCatalog()): BundleIndexEntry[] {
  mkdirSync(outDir, { recursive: true });
  const out: BundleIndexEntry[] = [];
  for (const b of buildAllBundles(catalog)) {
    const json = JSON.stringify({ ...b, part: 'full' });
    writeFileSync(join(outDir, `${b.id}.json`), json);
    const head = JSON.stringify(toHead(b));
    writeFileSync(join(outDir, `${b.id}.head.json`), head);
    const bridge = JSON.stringify(toBridge(b));
    writeFileSync(join(outDir, `${b.id}.bridge.json`), bridge);
    const e = catalog.editions.find((x) => `${x.lang}-${x.edition}` === b.id);
    out.push({
      id: b.id,
      lang: b.lang,
      edition: b.edition,
      latest: e?.latest ?? false,
      records: b.records.length,
      bytes: Buffer.byteLength(json),
      gzip: gzipSync(json, { level: 9 }).length,
      headBytes: Buffer.byteLength(head),
      headGzip: gzipSync(head, { level: 9 }).length,
      bridgeGzip: gzipSync(bridge, { level: 9 }).length,
    });
  }
  writeFileSync(join(outDir, 'index.json'), JSON.stringify(out, null, 1));
  return out;
}

/**
 * The bundle of one language and edition for Node callers (CLI, tests, bench): the written file
 * when it is newer than the generated catalog and the concept tables, otherwise the copy an earlier
 * call kept in `.cache/search/` for the same inputs, otherwise built in memory from `src/generated/`
 * (all of them, 2–3 s) and kept there for the next call (`npm run data` leaves public/search stale
 * until the next build; `cr search` should not pay for that on every call).
 */
const memo = new Map<string, SearchBundle>();
/** Per bundle id: a hash of its JSON text (what a prepared index was made from). */
const hashes = new Map<string, string>();
const CACHE = join(ROOT, '.cache/search');

function newerThanInputs(file: string): boolean {
  const catalog = catalogFile();
  if (!existsSync(file) || !existsSync(catalog)) return false;
  const t = statSync(file).mtimeMs;
  const synonymFiles = LANGS.map((l) => join(ROOT, 'content/search', `synonyms.${l}.json`));
  return t >= statSync(catalog).mtimeMs && synonymFiles.every((f) => !existsSync(f) || t >= statSync(f).mtimeMs);
}

function remember(id: string, text: string, bundle: SearchBundle): SearchBundle {
  memo.set(id, bundle);
  hashes.set(id, createHash('sha1').update(text).digest('hex'));
  return bundle;
}

/** Writes a file through a temporary name (parallel commands never read half of one); best effort. */
function keep(file: string, text: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch {
    // A read-only checkout: the next call builds again.
  }
}

export function loadBundle(id: string): SearchBundle {
  const hit = memo.get(id);
  if (hit) return hit;
  for (const file of [join(SEARCH_OUT, `${id}.json`), join(CACHE, `${id}.json`)]) {
    if (!newerThanInputs(file)) continue;
    const text = readFileSync(file, 'utf8');
    return remember(id, text, JSON.parse(text) as SearchBundle);
  }
  for (const b of buildAllBundles()) {
    const text = JSON.stringify({ ...b, part: 'full' });
    keep(join(CACHE, `${b.id}.json`), text);
    remember(b.id, text, b);
  }
  const b = memo.get(id);
  if (!b) throw new Error(`no search bundle "${id}"`);
  return b;
}

/** The newest modification time of the search modules (the tokeniser a prepared index came from). */
function searchCodeTime(): number {
  const dir = join(ROOT, 'src/search');
  return Math.max(...readdirSync(dir).map((f) => statSync(join(dir, f)).mtimeMs));
}

/**
 * A Searcher of one bundle for Node callers, from the tokenised index kept in `.cache/search/` for
 * this bundle's text and these search modules (record-index.ts: one `cr search` would otherwise
 * spend most of its time tokenising every rule); the first call for a bundle makes and keeps it.
 */
export function loadSearcher(id: string): Searcher {
  const bundle = loadBundle(id);
  const stamp = `${hashes.get(id)}:${searchCodeTime()}`;
  const file = join(CACHE, `${id}.index.json`);
  if (existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { stamp: string; index: PreparedIndex };
      if (kept.stamp === stamp) return new Searcher(bundle, kept.index);
    } catch {
      // Half-written or of another shape: made again below.
    }
  }
  const index = prepareIndex(bundle);
  keep(file, JSON.stringify({ stamp, index }));
  return new Searcher(bundle, index);
}

/** The head of a bundle as the browser sees it (what a cross-language query loads). */
export function loadHead(id: string): SearchBundle {
  return fromHead(toHead(loadBundle(id)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : SEARCH_OUT;
  const started = Date.now();
  // The default directory is the build's own: written whole, then swapped in (no stale bundles).
  const written = outDir === SEARCH_OUT ? replaceDirectorySync(SEARCH_OUT, (dir) => writeBundles(dir)) : writeBundles(outDir);
  for (const w of written) {
    process.stdout.write(`search: ${w.id}  ${w.records} records  ${(w.bytes / 1024).toFixed(0)} KB (${(w.gzip / 1024).toFixed(0)} KB gzip); head ${(w.headBytes / 1024).toFixed(0)} KB (${(w.headGzip / 1024).toFixed(1)} KB gzip)\n`);
  }
  process.stdout.write(`search: wrote ${written.length} bundles to ${outDir} in ${Date.now() - started} ms\n`);
}
