/**
 * `tsx scripts/build/search-index.ts [OUT_DIR]`: writes one search bundle per language and edition,
 * `{OUT_DIR}/{lang}-{edition}.json` (default OUT_DIR `public/search`, so `astro build` copies them
 * to `dist/search/` and `astro dev` serves them), plus `index.json` listing them.
 *
 * Run after `npm run data` and before `astro build`. The bundles are built from
 * `src/generated/` only (never from the sources) and are generated files (gitignored).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as z from 'zod';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Lang, RuleDocument } from '../../src/model/types.ts';
import { buildBundle } from '../../src/search/build.ts';
import { fromHead, toBridge, toHead } from '../../src/search/head.ts';
import { keep, keptBundle, remember, SEARCH_CACHE, SEARCH_OUT } from '../search-cache.ts';
import type { SearchBundle, Synonym } from '../../src/search/types.ts';
import { readCatalog, readDocument, readHistory } from '../../src/pipeline/generated.ts';
import { ASKED_WHAT, askedAt, parseAsked, type AskedFile } from '../../src/search/asked.ts';
import { editionIndex, renumberMap, rulesAt, type HistoryStore } from '../../src/history/store.ts';
import { replaceDirectorySync } from './replace-dir.ts';
import { PROJECT_ROOT } from '../../src/pipeline/sources.ts';
import { parseJsonText, readJsonFile, readJsonText, SEARCH_TABLE } from '../../src/pipeline/json-file.ts';

export const ROOT = PROJECT_ROOT;
export { SEARCH_OUT };

/** The words players ask a language's rules by (content/search/asked.{lang}.json), checked against the history's editions. */
export function readAsked(lang: Lang, store: HistoryStore): AskedFile {
  const file = join(ROOT, 'content/search', `asked.${lang}.json`);
  return parseAsked(readJsonText(file, SEARCH_TABLE, ASKED_WHAT), file, (edition) => (editionIndex(store, edition) < 0 ? undefined : new Set(rulesAt(store, edition).keys())));
}

/** A concept table's file: the entries, and the edition whose numbers its `rules` are (they move between editions). */
const SynonymsFile = z.object({
  numbering: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  synonyms: z.array(z.strictObject({ match: z.array(z.string().min(1)).min(1), query: z.string().min(1), rules: z.array(z.string().regex(/^\d{3}(?:\.\d+[a-z]?)?$/)).optional(), anywhere: z.boolean().optional(), card: z.boolean().optional() })),
});
export type SynonymsFile = z.infer<typeof SynonymsFile>;

/**
 * Checks a concept table's text.
 * @throws JsonFileError `file:line: search-table-malformed: …` at the first problems, each at its line
 */
export function parseSynonyms(text: string, file: string): SynonymsFile {
  return parseJsonText(text, file, SynonymsFile, SEARCH_TABLE, SYNONYMS_WHAT);
}

const SYNONYMS_WHAT = 'concept table of the language (content/search/synonyms.{lang}.json: players\' words → the rules\' words; every language has one)';

/** A language's concept table, checked (its `rules` numbered as in its `numbering` edition). */
export function readSynonymsFile(lang: Lang): SynonymsFile {
  // A missing file would quietly drop every concept (never a smaller result): it is an error like any other.
  return readJsonFile(join(ROOT, 'content/search', `synonyms.${lang}.json`), SynonymsFile, SEARCH_TABLE, SYNONYMS_WHAT);
}

/** A language's concept table as written (its `rules` numbered as in its `numbering` edition). */
export function readSynonyms(lang: Lang): Synonym[] {
  return readSynonymsFile(lang).synonyms;
}

/**
 * A concept table for one edition: an entry's `rules` follow their chains in the history from the file's
 * numbering edition to `edition` (a rule not there is left out), never the same number in another edition.
 */
export function synonymsAt({ numbering, synonyms }: SynonymsFile, edition: string, store: HistoryStore): Synonym[] {
  if (edition === numbering) return synonyms;
  const from = editionIndex(store, numbering);
  const to = editionIndex(store, edition);
  const moved = from < 0 || to < 0 ? undefined : renumberMap(store, from, to);
  return synonyms.map((s) => (s.rules ? { ...s, rules: s.rules.flatMap((n) => moved?.get(n) ?? []) } : s));
}

const HomophonesFile = z.object({ pairs: z.record(z.string().min(2), z.string().min(2)), written: z.record(z.string().min(2), z.array(z.string().min(3))).default({}) });

/**
 * Japanese IME misconversions of the terms (content/search/homophones.ja.json, made by scripts/homophones.ts);
 * Korean and English have none (their typing converts nothing).
 */
export function readHomophones(lang: Lang): { homophones: Record<string, string>; homophonesWritten: Record<string, string[]> } | undefined {
  if (lang !== 'ja') return undefined;
  const file = join(ROOT, 'content/search/homophones.ja.json');
  const { pairs, written } = readJsonFile(file, HomophonesFile, SEARCH_TABLE, 'IME misconversions of the Japanese terms (made by `npx tsx scripts/homophones.ts`)');
  return { homophones: pairs, homophonesWritten: written };
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
  const store = readHistory();
  const askedFiles = new Map<Lang, AskedFile>();
  const synonymFiles = new Map<Lang, SynonymsFile>();
  const askedOf = (lang: Lang, edition: string) => {
    if (!askedFiles.has(lang)) askedFiles.set(lang, readAsked(lang, store));
    return askedAt(askedFiles.get(lang)!, edition, store);
  };
  for (const e of catalog.editions) {
    const d = doc(e.lang, e.edition);
    if (!d) continue;
    d.edition ??= e.edition;
    if (!synonymFiles.has(e.lang)) synonymFiles.set(e.lang, readSynonymsFile(e.lang));
    const synonyms = synonymsAt(synonymFiles.get(e.lang)!, e.edition, store);
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
      bundles.push(buildBundle({ doc: d, synonyms, foreign, asked: askedOf(e.lang, e.edition) }));
    } else {
      const english = e.english ? doc('en', e.english) : undefined;
      const homophones = readHomophones(e.lang);
      bundles.push(buildBundle({ doc: d, synonyms, englishBundle: english ? `en-${e.english}` : null, ...(english ? { english } : {}), asked: askedOf(e.lang, e.edition), ...homophones }));
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
 * call kept in `.cache/search/` for the same inputs (search-cache.ts), otherwise built in memory from
 * `src/generated/` (all of them, 2–3 s) and kept there for the next call (`npm run data` leaves
 * public/search stale until the next build; `cr search` should not pay for that on every call).
 */
export function loadBundle(id: string): SearchBundle {
  const kept = keptBundle(id);
  if (kept) return kept;
  let found: SearchBundle | undefined;
  for (const b of buildAllBundles()) {
    const text = JSON.stringify({ ...b, part: 'full' });
    keep(join(SEARCH_CACHE, `${b.id}.json`), text);
    remember(b.id, text, b);
    if (b.id === id) found = b;
  }
  if (!found) throw new Error(`no search bundle "${id}"`);
  return found;
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
