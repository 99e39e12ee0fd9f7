/**
 * Short and version-pinned addresses, resolved without a file of their own: `/ja/704.5j/` →
 * `/ja/704/#704.5j`, `/en/2019-01-25/702,19b` → `/en/2019-01-25/702/#702.19b`, and the latest edition
 * under its date (`/en/2026-01-16/702/` → `/en/702/`). One function for the three places that answer a
 * path the site has no file for: the not-found page's script (any static host), the server behind
 * `npm start` (a 301, so it works without script) and the tests. The caller supplies the editions
 * (/api/index.json) and a loader of an edition's rule index (`rule-pages.json`), from fetch or from disk.
 * IMPORTED IN BOTH BUILD-TIME AND BROWSER CODE: no Node APIs here.
 */
import { resolveLostPath } from '../lookup.ts';
import { findRule, type RuleIndex } from '../rule-index.ts';
import { LANG_ALTERNATION } from '../../i18n/locales.ts';

/** An edition as /api/index.json lists it. */
export interface AddressEdition {
  lang: string;
  edition: string;
  latest: boolean;
  /** `/en/` for the latest, `/en/2019-01-25/` otherwise. */
  url: string;
}

const PINNED = new RegExp(`^/(${LANG_ALTERNATION})/(\\d{4}-\\d{2}-\\d{2})/(.*)$`);

/**
 * Where a path the site has no file for leads, or null when it names nothing the site has (the
 * not-found page then says so). A rule number in any spelling `resolveLostPath` reads lands on the page
 * holding it, with its anchor; a rule the edition lacks is null.
 */
export async function resolveShortAddress(pathname: string, editions: readonly AddressEdition[], loadIndex: (base: string) => Promise<RuleIndex | null>, fallbackLang = 'en'): Promise<string | null> {
  const lost = resolveLostPath(pathname, fallbackLang);
  if (lost?.rule) {
    const ed = editions.find((e) => e.lang === lost.lang && (lost.edition ? e.edition === lost.edition : e.latest));
    if (!ed) return null;
    const index = await loadIndex(ed.url);
    return (index && findRule(index, lost.rule)) ?? null;
  }
  // Any other page of the latest edition under its date: the same page at the language's address.
  const pinned = PINNED.exec(pathname);
  if (pinned && editions.some((e) => e.lang === pinned[1] && e.edition === pinned[2] && e.latest)) return `/${pinned[1]}/${pinned[3]}`;
  return null;
}
