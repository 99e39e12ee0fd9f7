/**
 * /api/index.json in the browser, fetched once per page and shared by the scripts that need it: the
 * not-found page (editions, file-name dates) and the file-date arrival note. Null when it cannot be
 * loaded, so a caller falls back instead of failing.
 */
import type { DateTable } from '../file-dates.ts';

interface EditionInfo {
  lang: string;
  edition: string;
  latest: boolean;
  url: string;
}

/** The part of /api/index.json (src/site/api/extras.ts) the page scripts read. */
export interface SiteIndex {
  editions: EditionInfo[];
  /** Per language, file-name date → the edition's stated date (src/site/file-dates.ts). */
  fileDates?: DateTable;
}

let pending: Promise<SiteIndex | null> | null = null;

export function siteIndex(): Promise<SiteIndex | null> {
  pending ??= fetch('/api/index.json')
    .then((r) => (r.ok ? (r.json() as Promise<SiteIndex>) : null))
    .catch(() => null);
  return pending;
}
