/** Build-time loading of `src/generated/` (written by `npm run data`); the site model is built once. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog } from '../../scripts/data.ts';
import type { Lang, RuleDocument } from '../model/types.ts';
import { buildSite, type Site } from './site.ts';

/** `src/generated/`, or CR_ATLAS_GENERATED (the escaping test builds the site from a fixture). */
export function generatedDir(root = process.cwd()): string {
  return process.env['CR_ATLAS_GENERATED'] ?? join(root, 'src/generated');
}

export function loadCatalog(root?: string): Catalog {
  return JSON.parse(readFileSync(join(generatedDir(root), 'catalog.json'), 'utf8')) as Catalog;
}

export function loadDoc(lang: Lang, edition: string, root?: string): RuleDocument {
  return JSON.parse(readFileSync(join(generatedDir(root), 'docs', `${lang}-${edition}.json`), 'utf8')) as RuleDocument;
}

let cached: Site | null = null;

/** The site model of the generated data (cached for the whole build). */
export function getSite(root?: string): Site {
  cached ??= buildSite(loadCatalog(root), (lang, edition) => loadDoc(lang, edition, root));
  return cached;
}
