/**
 * What search engines read from a page: the site's absolute URL, canonical URLs, `hreflang`
 * alternates between the languages and a meta description. Pure functions over the site model, used by
 * the page shell (Base.astro), the sitemap and robots.txt (astro.config.mjs, integration.ts) and tests.
 *
 * The site URL is configurable: `CR_ATLAS_SITE=https://rules.example.org npm run build`. Without it the
 * build uses DEFAULT_SITE, a reserved `.example` host that says plainly "not deployed yet" instead of
 * pretending to be a real address.
 */
import type { Lang } from '../../model/types.ts';
import { LANGS } from '../../model/types.ts';
import { LANG_ALTERNATION } from '../../i18n/locales.ts';
import { paragraphText } from '../../model/text.ts';
import { chunkRange } from '../routes.ts';
import type { Edition, SectionPage, Site } from '../site.ts';
import { siteTagline } from '../i18n.ts';

export const DEFAULT_SITE = 'https://cr-atlas.example';

/** The deployment's origin without a trailing slash (`https://cr-atlas.example`). */
export function siteUrl(env: Record<string, string | undefined> = process.env): string {
  const raw = (env['CR_ATLAS_SITE'] ?? '').trim() || DEFAULT_SITE;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`CR_ATLAS_SITE: expected an absolute http(s) URL such as https://rules.example.org, got "${raw}"`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new Error(`CR_ATLAS_SITE: expected an http or https URL, got "${raw}"`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Absolute URL of a site path (`/en/702/` → `https://cr-atlas.example/en/702/`). */
export function absoluteUrl(path: string, site = siteUrl()): string {
  return new URL(path.replace(/^\/?/, ''), `${site}/`).href;
}

export interface Alternate {
  /** BCP-47 tag, or `x-default`. */
  hreflang: string;
  href: string;
}

/** The page of `ed` that holds `number`, else the section's first page; null when `ed` lacks the section. */
function pageFor(ed: Edition, number: string | undefined, section: string): string | null {
  const p = number ? ed.pageOf.get(number) : undefined;
  if (p) return p.path;
  return ed.pages.find((x) => x.section.number === section)?.path ?? null;
}

/** What kind of page a path of the site is (only the kinds that have language alternates). */
export type PageKind =
  | { kind: 'home' | 'glossary' | 'search' | 'go'; ed: Edition | null; lang: Lang }
  | { kind: 'section'; page: SectionPage }
  | { kind: 'glossary-group'; ed: Edition; lang: Lang; group: string }
  | { kind: 'other' };

/** Finds the page a path shows (`/ja/702/2/` → section page 2 of 702 in the latest Japanese). */
export function classifyPath(site: Site, path: string): PageKind {
  const m = new RegExp(`^/(${LANG_ALTERNATION})/(?:(\\d{4}-\\d{2}-\\d{2})/)?(.*)$`).exec(path);
  if (!m) return { kind: 'other' };
  const lang = m[1] as Lang;
  const ed = m[2] ? site.get(lang, m[2]) : site.latest.get(lang);
  if (!ed) return { kind: 'other' };
  const rest = m[3] ?? '';
  if (rest === '') return { kind: 'home', ed, lang };
  if (rest === 'glossary/') return { kind: 'glossary', ed, lang };
  const group = /^glossary\/([a-z]+)\/$/.exec(rest)?.[1];
  if (group && ed.glossary.pages.some((p) => p.id === group)) return { kind: 'glossary-group', ed, lang, group };
  if (!m[2] && rest === 'search/') return { kind: 'search', ed, lang };
  if (!m[2] && rest === 'go/') return { kind: 'go', ed, lang };
  const page = ed.pages.find((p) => p.path === path);
  return page ? { kind: 'section', page } : { kind: 'other' };
}

/**
 * `hreflang` alternates of a page: the same place in the latest edition of every language (the page
 * itself included, as search engines expect), plus `x-default` (the English). Only pages of a
 * language's latest edition get alternates: an older edition has no equivalent page elsewhere.
 * A section page points to the page of the other language that holds its first rule (sections are
 * split into pages differently in each language), or to none when that language lacks the section.
 */
export function alternatesFor(site: Site, path: string, origin = siteUrl()): Alternate[] {
  const k = classifyPath(site, path);
  // A glossary group (`/ja/glossary/ka/`) has no equivalent page in another language: initials differ.
  if (k.kind === 'other' || k.kind === 'glossary-group') return [];
  const ed = k.kind === 'section' ? k.page.ed : k.ed;
  if (!ed?.latest) return [];
  const out: Alternate[] = [];
  for (const lang of LANGS) {
    const other = site.latest.get(lang);
    if (!other) continue;
    let p: string | null;
    // A section page's alternate holds the same rule: only an edition numbered alike (the same date) says which page
    // that is; another date numbers rules otherwise, so no alternate there rather than a page found by bare number.
    if (k.kind === 'section') p = other.edition === ed.edition ? pageFor(other, k.page.chunk.entries[0]?.number, k.page.section.number) : null;
    else if (k.kind === 'home') p = other.base;
    else p = `/${lang}/${k.kind}/`;
    // A section another language does not have has no alternate there (its contents page is not one).
    if (p) out.push({ hreflang: lang, href: absoluteUrl(p, origin) });
  }
  const en = out.find((a) => a.hreflang === 'en');
  if (en) out.push({ hreflang: 'x-default', href: en.href });
  return out;
}

const clip = (s: string, max: number) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
};

/**
 * A page's meta description from its own text: the section title, the rule range and the opening
 * of its first rule (`702. Keyword Abilities (702.20–702.45): 702.20a Vigilance is a static ability…`).
 */
export function sectionDescription(page: SectionPage): string {
  const [from, to] = chunkRange(page.chunk);
  const head = `${page.section.number}. ${page.section.title}`.trim();
  const range = page.chunkCount > 1 || from !== to ? ` (${from}–${to})` : '';
  const first = page.chunk.entries.find((r) => r.number !== page.section.number) ?? page.chunk.entries[0];
  const text = first ? `${first.number} ${first.body.map(paragraphText).join(' ')}` : '';
  return clip(`${head}${range}: ${text}`, 158);
}


type Translate = (key: 'descHome' | 'descGlossary' | 'descSearch' | 'descGo' | 'tagline' | 'taglineOf' | 'taglineJoin' | 'english' | 'japanese' | 'korean', vars?: Record<string, string | number>) => string;

/** The meta description of any page: from its text when it shows rules, else from what the page is. */
export function pageDescription(site: Site, path: string, title: string, t: Translate): string {
  const k = classifyPath(site, path);
  switch (k.kind) {
    case 'section':
      return sectionDescription(k.page);
    case 'home':
      return clip(t('descHome', { edition: k.ed!.edition }), 158);
    case 'glossary': {
      const n = k.ed!.glossary.count;
      return clip(t('descGlossary', { edition: k.ed!.edition, n, count: n }), 158);
    }
    case 'glossary-group': {
      const terms = k.ed.glossary.pages.find((p) => p.id === k.group)?.terms;
      return clip(`${title}${terms?.length ? `: ${terms.join(', ')}` : ` — ${siteTagline(t, LANGS.filter((lang) => site.latest.has(lang)))}`}`, 158);
    }
    case 'search':
      return clip(t('descSearch'), 158);
    case 'go':
      return clip(t('descGo'), 158);
    default:
      return clip(`${title} — ${siteTagline(t, LANGS.filter((lang) => site.latest.has(lang)))}`, 158);
  }
}

/** robots.txt of the site: everything may be crawled; the sitemap index is named (scripts/build/integration.ts writes it). */
export function robotsTxt(site = siteUrl()): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl('/sitemap-index.xml', site)}\n`;
}
