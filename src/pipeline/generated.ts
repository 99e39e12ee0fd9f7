/**
 * The generated data (`src/generated/`, written by `npm run data`): the one place that knows its
 * layout. The site, the search index build and the sandbox data build read it through here.
 *   catalog.json                 every (language, edition) with its sources, latest flags, alignment
 *   docs/{lang}-{edition}.json   the rule model of that edition (RuleDocument)
 *   history.json                 every English edition's rules across time (src/history/store.ts)
 *   crosswalk.json               2019-01-25 → 2026-01-16 rule numbers from the history, for the engine
 * Build-time only (Node).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Composition, Lang, RuleDocument } from '../model/types.ts';
import { crosswalkFile, type HistoryStore } from '../history/store.ts';
import { readCrosswalkText } from './crosswalk-file.ts';
import type { CrosswalkFile } from '../model/types.ts';
import { PROJECT_ROOT } from './sources.ts';
import { readJsonFile } from './json-file.ts';
import { CatalogSchema, DocumentSchema, HistorySchema } from './schemas.ts';

export interface CatalogEdition {
  lang: Lang;
  edition: string;
  latest: boolean;
  partial: boolean;
  title: string;
  ruleCount: number;
  /** Where the text came from, for the page's source line. */
  sources: { id: string; file: string; url?: string; credit: string }[];
  /** English edition of the same date, when the site has it (for parallel view and fallback). */
  english: string | null;
  /** English rule numbers this translation lacks. */
  untranslated: string[];
  /** A composed current edition (src/pipeline/compose.ts): what it is made of and how much of it is current. */
  composed?: Composition;
}

/** One manifest source as the build found it: for /sources/, the home page notice and dist/build.json. */
export interface SourceRecord {
  id: string;
  lang: Lang;
  edition: string;
  status: 'used' | 'missing';
  /** Committed file or path inside the mirror directory (never an absolute local path). */
  location: string;
  url?: string;
  credit: string;
  origin?: 'content' | 'mirror' | 'cache' | 'download';
  sha256?: string;
  bytes?: number;
  reason?: string;
}

export interface Catalog {
  editions: CatalogEdition[];
  missingSources: { id: string; reason: string }[];
  /** Every source of the manifest, used or missing. */
  sources: SourceRecord[];
}

/** `src/generated/` under `root`, or $CR_ATLAS_GENERATED (the escaping test builds from a fixture). */
export function generatedDir(root = PROJECT_ROOT, env = process.env): string {
  return env['CR_ATLAS_GENERATED'] ?? join(root, 'src/generated');
}

export const catalogFile = (root?: string) => join(generatedDir(root), 'catalog.json');
const documentFile = (lang: Lang, edition: string, root?: string) => join(generatedDir(root), 'docs', `${lang}-${edition}.json`);

export function hasCatalog(root?: string): boolean {
  return existsSync(catalogFile(root));
}

const GENERATED = { missing: 'generated-missing', malformed: 'generated-malformed' } as const;

/** The catalog, checked against its schema (src/pipeline/schemas.ts); a located diagnostic when it is missing or wrong. */
export function readCatalog(root?: string): Catalog {
  return readJsonFile(catalogFile(root), CatalogSchema, GENERATED, 'catalog the data stage writes');
}

/**
 * A document, checked against its schema: every rule, paragraph and inline node (the cast below only
 * adds what the schema checks by shape: a ref's target, a glossary entry's fields, diagnostics).
 */
export function readDocument(lang: Lang, edition: string, root?: string): RuleDocument {
  return readJsonFile(documentFile(lang, edition, root), DocumentSchema, GENERATED, `document ${lang}-${edition} the data stage writes`) as RuleDocument;
}

/** Writes the catalog and documents into `dir` (scripts/data.ts gives a fresh directory it then swaps in). */
export function writeGenerated(catalog: Catalog, docs: RuleDocument[], dir = generatedDir()): void {
  mkdirSync(join(dir, 'docs'), { recursive: true });
  for (const d of docs) writeFileSync(join(dir, 'docs', `${d.lang}-${d.edition!}.json`), JSON.stringify(d));
  writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog, null, 1));
}

const historyFile = (root?: string) => join(generatedDir(root), 'history.json');

export function hasHistory(root?: string): boolean {
  return existsSync(historyFile(root));
}

export function readHistory(root?: string): HistoryStore {
  return readJsonFile(historyFile(root), HistorySchema, GENERATED, 'history the data stage writes');
}

/**
 * The engine's crosswalk as the data stage wrote it, checked (src/pipeline/crosswalk-file.ts). Callers that load the
 * engine, which bundles the file, call it first, so a missing or malformed file is a located diagnostic, not a
 * module-resolution stack trace. Throws GeneratedDataError.
 */
export function readCrosswalk(root?: string): CrosswalkFile {
  const file = join(generatedDir(root), 'crosswalk.json');
  const shown = relative(root ?? PROJECT_ROOT, file) || file;
  return readCrosswalkText(existsSync(file) ? readFileSync(file, 'utf8') : null, shown.startsWith('..') ? file : shown);
}

export function writeHistory(store: HistoryStore, dir = generatedDir()): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'history.json'), JSON.stringify(store));
  // The engine cites 2019-01-25 numbers and runs 2019-01-25 and 2026-01-16 (src/engine/crosswalk.ts reads this).
  writeFileSync(join(dir, 'crosswalk.json'), JSON.stringify(crosswalkFile(store, '2019-01-25', '2026-01-16')));
}
