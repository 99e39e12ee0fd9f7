/**
 * The search data Node callers (`cr search`, tests, bench) read, kept so that one query loads only
 * what it needs (issue 25 item 6: one `cr search` ≤ 300 ms wall). This module imports neither the
 * schemas (zod: about 100 ms to load both of its builds) nor the bundle builder; it asks
 * scripts/build/search-index.ts and src/pipeline/generated.ts for them only when its copies do not match
 * their inputs:
 *   - the editions of the catalog, read (and checked) once per catalog file (`editions.json`);
 *   - a bundle: the build's `public/search/{id}.json`, or the copy kept in `.cache/search/`, when
 *     newer than the catalog and the concept tables;
 *   - its tokenised index (record-index.ts), kept as `.cache/search/{id}.index.json`, stamped with
 *     the bundle's hash and the search modules' time.
 * Files are written through a temporary name, so commands started at once never read half of one.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGS } from '../src/i18n/locales.ts';
import type { Lang } from '../src/model/types.ts';
import { Searcher } from '../src/search/engine.ts';
import { prepareIndex, readPrepared, type PreparedIndex } from '../src/search/prepared-index.ts';
import type { SearchBundle } from '../src/search/types.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SEARCH_OUT = join(ROOT, 'public/search');
export const SEARCH_CACHE = join(ROOT, '.cache/search');

/** The generated catalog's path: `generatedDir` of src/pipeline/generated.ts (not imported: it loads the schemas). */
const catalogPath = () => join(process.env['CR_ATLAS_GENERATED'] ?? join(ROOT, 'src/generated'), 'catalog.json');

/** Writes a file through a temporary name; best effort (a read-only checkout reads its inputs again next time). */
export function keep(file: string, text: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, file);
  } catch {
    // Nothing kept.
  }
}

/** A language or edition the catalog does not have (a usage error: `cr search` exits 2). */
export class UsageError extends Error {}

export interface EditionEntry {
  lang: Lang;
  edition: string;
  latest: boolean;
}

/** The catalog's editions (its schema checked by readCatalog when they are read again). */
export async function catalogEditions(): Promise<EditionEntry[]> {
  const catalog = catalogPath();
  const st = existsSync(catalog) ? statSync(catalog) : null;
  const stamp = st ? `${catalog}:${st.mtimeMs}:${st.size}` : '';
  const file = join(SEARCH_CACHE, 'editions.json');
  if (stamp && existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { stamp: string; editions: EditionEntry[] };
      if (kept.stamp === stamp && Array.isArray(kept.editions)) return kept.editions;
    } catch {
      // Half-written or of another shape: read again below.
    }
  }
  const { readCatalog } = await import('../src/pipeline/generated.ts');
  const editions = readCatalog().editions.map((e) => ({ lang: e.lang, edition: e.edition, latest: e.latest }));
  if (stamp) keep(file, JSON.stringify({ stamp, editions }));
  return editions;
}

/** Whether a bundle file is newer than the generated catalog and every concept table. */
function newerThanInputs(file: string): boolean {
  const catalog = catalogPath();
  if (!existsSync(file) || !existsSync(catalog)) return false;
  const t = statSync(file).mtimeMs;
  const synonymFiles = [...LANGS.flatMap((l) => [`synonyms.${l}.json`, `asked.${l}.json`]), 'homophones.ja.json'].map((f) => join(ROOT, 'content/search', f));
  return t >= statSync(catalog).mtimeMs && synonymFiles.every((f) => !existsSync(f) || t >= statSync(f).mtimeMs);
}

const memo = new Map<string, SearchBundle>();
/** Per bundle id: a hash of its JSON text (what a prepared index was made from). */
const hashes = new Map<string, string>();

/** Remembers a bundle read or built, with the hash of its text. */
export function remember(id: string, text: string, bundle: SearchBundle): SearchBundle {
  memo.set(id, bundle);
  hashes.set(id, createHash('sha1').update(text).digest('hex'));
  return bundle;
}

/** A bundle already read, or the written one when it matches its inputs; undefined otherwise. */
export function keptBundle(id: string): SearchBundle | undefined {
  const hit = memo.get(id);
  if (hit) return hit;
  for (const file of [join(SEARCH_OUT, `${id}.json`), join(SEARCH_CACHE, `${id}.json`)]) {
    if (!newerThanInputs(file)) continue;
    const text = readFileSync(file, 'utf8');
    return remember(id, text, JSON.parse(text) as SearchBundle);
  }
  return undefined;
}

/** The newest modification time of the search modules (the tokeniser a prepared index came from). */
function searchCodeTime(): number {
  const dir = join(ROOT, 'src/search');
  return Math.max(...readdirSync(dir).map((f) => statSync(join(dir, f)).mtimeMs));
}

/**
 * A Searcher of a bundle (`id` read by `keptBundle` or search-index.ts's `loadBundle`), from its kept
 * tokenised index when it matches (one `cr search` would otherwise spend most of its time tokenising
 * every rule); the first call for a bundle makes and keeps it.
 */
export function preparedSearcher(id: string, bundle: SearchBundle): Searcher {
  const stamp = `${hashes.get(id)}:${searchCodeTime()}`;
  const file = join(SEARCH_CACHE, `${id}.index.json`);
  if (hashes.has(id) && existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { stamp: string; index: PreparedIndex };
      if (kept.stamp === stamp) return new Searcher(bundle, readPrepared(bundle, kept.index));
    } catch {
      // Half-written or of another shape: made again below.
    }
  }
  const index = prepareIndex(bundle);
  if (hashes.has(id)) keep(file, JSON.stringify({ stamp, index }));
  return new Searcher(bundle, readPrepared(bundle, index));
}

/** `preparedSearcher` of bundle `id`, loading the bundle builder only when no kept bundle matches. */
export async function loadSearcher(id: string): Promise<Searcher> {
  const bundle = keptBundle(id) ?? (await import('./build/search-index.ts')).loadBundle(id);
  return preparedSearcher(id, bundle);
}
