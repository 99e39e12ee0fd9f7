/**
 * What the build and the page script of offline reading share (no Node, no DOM: both import it): the
 * list of one language+edition's files that "save for offline" downloads, the cache names, where a
 * list lives, and how a size is written for people. The build writes the lists (offline.ts); the page
 * script reads them (client/offline.ts).
 */

export interface OfflineList {
  lang: string;
  edition: string;
  build: string;
  /** Cache the files go in (the worker serves pages from it). */
  cache: string;
  /** Page paths (cached in `cache`, where the worker looks for pages). */
  files: string[];
  /** Data files (cached in `dataCache`, where the worker looks for data): rule indexes, headwords, previews' JSON, search bundles. */
  data: string[];
  dataCache: string;
  /** The build's scripts and styles (`/_astro/…`): saved with the edition, so its pages keep their own build's assets. */
  assets: string[];
  /** For a translation: the English edition saved with it (its pages are in `files`). */
  english?: string;
  /** Bytes the files take on disk (what the cache will hold, uncompressed). */
  bytes: number;
}

/** Caches are named after the build, so a new build's pages never mix with an old build's assets. */
export const pagesCache = (build: string) => `cr-pages-${build}`;
export const dataCache = (build: string) => `cr-data-${build}`;
/**
 * A saved edition's own cache (`cr-saved-ko-2019-01-25-<build>`): its pages, data and its build's assets,
 * kept across builds (older builds' page and data caches are deleted) and replaced whole by a newer copy.
 */
export const savedCache = (key: string, build: string) => `cr-saved-${key}-${build}`;

/** Where an edition's list lives (`/offline/en-2026-01-16.json`). */
export const offlineListPath = (ed: { lang: string; edition: string }) => `/offline/${ed.lang}-${ed.edition}.json`;

/** `12.3 MB` (mebibytes, one decimal under 10) in a language's number format; never below `0.1 MB`. */
export function formatBytes(bytes: number, lang: string): string {
  const mb = bytes / 1048576;
  const n = new Intl.NumberFormat(lang, { maximumFractionDigits: mb < 10 ? 1 : 0 }).format(mb < 0.1 ? 0.1 : mb);
  return `${n} MB`;
}
