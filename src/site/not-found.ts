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

/** dist/_redirects: each language prefix whose page exists to that page, with status 404 (Netlify syntax). */
export function redirectsFile(has: (file: string) => boolean): string {
  return NOT_FOUND_LANGS.filter((l) => has(`/${l}/404.html`)).map((l) => `/${l}/*  /${l}/404.html  404\n`).join('');
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
