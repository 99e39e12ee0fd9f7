/** Build-time loading of the generated data; the site model is built once. */
import { readCatalog, readDocument, type Catalog, type SourceRecord } from '../pipeline/generated.ts';
import { buildSite, type Site } from './site.ts';
import { fileDates, type FileDates } from './file-dates.ts';

let catalog: Catalog | null = null;
let cached: Site | null = null;

/** The catalog, read and checked once for the whole build (every page's layout asks for its sources). */
function getCatalog(root?: string): Catalog {
  catalog ??= readCatalog(root);
  return catalog;
}

/** The site model of the generated data (cached for the whole build). `root` is the project (Astro runs there). */
export function getSite(root = process.cwd()): Site {
  cached ??= buildSite(getCatalog(root), (lang, edition) => readDocument(lang, edition, root));
  return cached;
}

/** Every source of the manifest as the data build found it (used or missing), for /sources/ and the home page. */
export function getSources(root = process.cwd()): SourceRecord[] {
  return getCatalog(root).sources ?? [];
}

let dates: FileDates | null = null;

/**
 * The file-name dates of the build's sources, both directions (src/site/file-dates.ts), computed once: for
 * /api/index.json, changes.json, the changes page and `cr diff`/`cr history`.
 */
export function getFileDates(root?: string): FileDates {
  dates ??= fileDates(getCatalog(root).sources ?? []);
  return dates;
}
