/**
 * The site model: every edition with its pages, where each rule lives, and how references resolve.
 * Built once per build from the catalog and the documents (see `load.ts`); pure given its inputs.
 */
import type { Catalog, CatalogEdition } from '../pipeline/generated.ts';
import type { GlossaryEntry, Lang, RefTarget, Rule, RuleDocument } from '../model/types.ts';
import { LANGS } from '../model/types.ts';
import { editionBase, groupSections, parallelPath, sectionPath, splitSection, type PageChunk, type SectionView } from './routes.ts';
import { glossarySlugs } from '../model/slug.ts';
import { glossaryLayout, glossaryPath, type GlossaryLayout } from '../model/glossary-pages.ts';

export interface SectionPage {
  kind: 'section';
  ed: Edition;
  section: SectionView;
  chunk: PageChunk;
  chunkCount: number;
  path: string;
  prev: SectionPage | null;
  next: SectionPage | null;
}

export interface Edition {
  lang: Lang;
  edition: string;
  latest: boolean;
  info: CatalogEdition;
  doc: RuleDocument;
  /** `/en/` (latest) or `/en/2019-01-25/`. */
  base: string;
  /** Always `/en/2019-01-25/`: the version-pinned base. */
  pinnedBase: string;
  sections: SectionView[];
  pages: SectionPage[];
  /** Number → page holding its anchor. */
  pageOf: Map<string, SectionPage>;
  rules: Map<string, Rule>;
  /** Glossary entry → anchor slug (`g-active-player`). */
  glossarySlug: Map<GlossaryEntry, string>;
  glossaryByTerm: Map<string, GlossaryEntry>;
  /** The glossary's index and group pages, and which page holds each entry (glossary-pages.ts). */
  glossary: GlossaryLayout;
  /** Same-edition English, for the parallel view and fallback links. */
  english: Edition | null;
  /** Marks glossary terms in a paragraph (first occurrence per rule; see terms.ts). */
}

export interface Site {
  editions: Edition[];
  latest: Map<Lang, Edition>;
  get(lang: Lang, edition: string): Edition | undefined;
}

/** Where a reference points: a URL, the edition it landed in, and whether it fell back to English. */
export interface ResolvedRef {
  href: string;
  /** `lang/edition/number` of the target rule, for previews. */
  key: string | null;
  fallback: boolean;
}

/** The languages this build has pages for, in LANGS order (fewer than three after --allow-missing). */
export function siteLanguages(site: Site): Lang[] {
  return LANGS.filter((lang) => site.latest.has(lang));
}

export function buildSite(catalog: Catalog, loadDoc: (lang: Lang, edition: string) => RuleDocument): Site {
  const editions: Edition[] = catalog.editions.map((info) => {
    const doc = loadDoc(info.lang, info.edition);
    const base = editionBase(info.lang, info.edition, info.latest);
    const ed: Edition = {
      lang: info.lang,
      edition: info.edition,
      latest: info.latest,
      info,
      doc,
      base,
      pinnedBase: editionBase(info.lang, info.edition, info.latest, true),
      sections: groupSections(doc),
      pages: [],
      pageOf: new Map(),
      rules: new Map(),
      glossarySlug: glossarySlugs(doc.glossary),
      glossaryByTerm: new Map(doc.glossary.map((g) => [g.term, g])),
      glossary: glossaryLayout(info.lang, base, doc),
      english: null,
    };
    for (const s of ed.sections) {
      const chunks = splitSection(s.entries);
      for (const chunk of chunks) {
        const page: SectionPage = { kind: 'section', ed, section: s, chunk, chunkCount: chunks.length, path: sectionPath(base, s.number, chunk.index), prev: null, next: null };
        const prev = ed.pages[ed.pages.length - 1];
        if (prev) {
          prev.next = page;
          page.prev = prev;
        }
        ed.pages.push(page);
        for (const r of chunk.entries) {
          ed.pageOf.set(r.number, page);
          ed.rules.set(r.number, r);
        }
      }
    }
    return ed;
  });
  const get = (lang: Lang, edition: string) => editions.find((e) => e.lang === lang && e.edition === edition);
  for (const ed of editions) if (ed.info.english && ed.lang !== 'en') ed.english = get('en', ed.info.english) ?? null;
  const latest = new Map<Lang, Edition>();
  for (const lang of LANGS) {
    const l = editions.find((e) => e.lang === lang && e.latest);
    if (l) latest.set(lang, l);
  }
  return { editions, latest, get };
}

/** URL of a rule's anchor in an edition (`/en/702/#702.19b`), or null when the edition lacks it. */
export function ruleHref(ed: Edition, number: string): string | null {
  const page = ed.pageOf.get(number);
  if (!page) return null;
  return page.section.number === number && page.chunk.index === 1 ? page.path : `${page.path}#${number}`;
}

/** URL of a section's first page, or null. */
export function sectionHref(ed: Edition, section: string): string | null {
  const s = ed.sections.find((x) => x.number === section);
  return s ? sectionPath(ed.base, section) : null;
}

/** The href a link gets from a page: bare `#N` when the target is on the same page. */
export function relativeHref(href: string, fromPath: string): string {
  const hash = href.indexOf('#');
  if (hash > 0 && href.slice(0, hash) === fromPath) return href.slice(hash);
  return href;
}

/**
 * Resolves a cross-reference in `ed`. A target the edition lacks (a partial translation) falls back to
 * the same-edition English, labelled by the caller; null when nothing has it (rendered as plain text).
 */
export function resolveRef(ed: Edition, target: RefTarget): ResolvedRef | null {
  const tryIn = (e: Edition, fallback: boolean): ResolvedRef | null => {
    if (target.kind === 'part') {
      if (!e.doc.parts.some((p) => p.number === target.number && p.sections.length > 0)) return null;
      return { href: `${e.base}#part-${target.number}`, key: null, fallback };
    }
    const href = ruleHref(e, target.number);
    if (!href) return null;
    return { href, key: `${e.lang}/${e.edition}/${target.number}`, fallback };
  };
  return tryIn(ed, false) ?? (ed.english ? tryIn(ed.english, true) : null);
}

/** URL of a glossary entry: its group page and anchor (`/ja/glossary/ka/#g-カード`). */
export function glossaryEntryHref(ed: Edition, g: GlossaryEntry): string {
  return `${glossaryPath(ed.base, ed.glossary.pageOf.get(g))}#${ed.glossarySlug.get(g)!}`;
}

/** Every URL path an edition serves as an HTML page (for the pinned aliases of the latest edition). */
export function editionPagePaths(ed: Edition): string[] {
  const out = [ed.base, glossaryPath(ed.base), ...ed.glossary.pages.map((p) => p.path), ...ed.pages.map((p) => p.path)];
  if (ed.english) out.push(...ed.pages.map((p) => parallelPath(ed.base, p.section.number, p.chunk.index)));
  return out;
}
