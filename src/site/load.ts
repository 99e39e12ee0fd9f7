/** Build-time loading of the generated data; the site model is built once. */
import { readCatalog, readDocument } from '../pipeline/generated.ts';
import { buildSite, type Site } from './site.ts';

let cached: Site | null = null;

/** The site model of the generated data (cached for the whole build). `root` is the project (Astro runs there). */
export function getSite(root = process.cwd()): Site {
  cached ??= buildSite(readCatalog(root), (lang, edition) => readDocument(lang, edition, root));
  return cached;
}
