/**
 * Which not-found page answers an address the site has no page for, in one place: `/ja/…` and `/ko/…`
 * get their language's page (`/ja/404.html`: Japanese chrome, message and links), anything else the
 * root `/404.html` (English chrome; its script still speaks the path's language). The server behind
 * `npm start` asks `notFoundPage`; static hosts get the same mapping as files: per-directory
 * `404.html` (Cloudflare Pages serves the nearest one up the path) and `dist/_redirects` rules with
 * status 404 (Netlify; a rule applies only where no file matches).
 *
 * Astro writes the page `src/pages/[lang]/not-found.astro` as `/ja/not-found/index.html`:
 * `placeNotFoundPages` moves each to `/ja/404.html` after the build. (Not a `[lang]/404.astro`: its
 * `/ja/404/` is the address of the rules' section 404, Exile, which it would replace.)
 */
import { existsSync, renameSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';

/** The languages with a not-found page of their own (English is the root one). */
export const NOT_FOUND_LANGS = ['ja', 'ko'] as const;

/** The not-found page for a clean request path (`/ja/x/` → `/ja/404.html`); the root one when a build lacks it. */
export function notFoundPage(path: string): string {
  const lang = /^\/([a-z]{2})(?:\/|$)/.exec(path)?.[1];
  return lang && (NOT_FOUND_LANGS as readonly string[]).includes(lang) ? `/${lang}/404.html` : '/404.html';
}

/**
 * dist/_redirects (Netlify syntax; Cloudflare Pages reads its redirects too): first the latest edition of
 * each language under its date (`/en/2026-01-16/*` → `/en/:splat`, 301: the version-pinned address of
 * every page, with no file of its own), then each language prefix whose not-found page exists to that
 * page with status 404. Short rule addresses (`/ja/704.5j/`) cannot be written as rules a host accepts
 * (the section is part of a path segment; one line per rule would be 20,000 lines): the not-found page
 * resolves them (src/site/host/short-address.ts).
 */
export function redirectsFile(has: (file: string) => boolean, latest: readonly { lang: string; edition: string }[] = []): string {
  const pinned = latest.map((e) => `/${e.lang}/${e.edition}/*  /${e.lang}/:splat  301\n`);
  const notFound = NOT_FOUND_LANGS.filter((l) => has(`/${l}/404.html`)).map((l) => `/${l}/*  /${l}/404.html  404\n`);
  return [...pinned, ...notFound].join('');
}

/** Moves `/{lang}/not-found/index.html` (Astro's output) to `/{lang}/404.html`; returns the languages moved. */
export function placeNotFoundPages(dist: string): string[] {
  const moved: string[] = [];
  for (const lang of NOT_FOUND_LANGS) {
    const dir = join(dist, lang, 'not-found');
    if (!existsSync(join(dir, 'index.html'))) continue;
    renameSync(join(dir, 'index.html'), join(dist, lang, '404.html'));
    rmdirSync(dir);
    moved.push(lang);
  }
  return moved;
}
