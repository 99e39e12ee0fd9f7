/**
 * Files the build writes next to Astro's pages (scripts/build/integration.ts, step "extras"): the static JSON export under
 * `/api/` (an edition whole, one file per section, one per glossary initial), each edition's rule index,
 * and the history's files. Short rule addresses (`/en/702.19b/`) and version-pinned aliases of the latest
 * edition (`/en/2026-01-16/702/`) have no file of their own: src/site/host/short-address.ts resolves them.
 */
import type { Rule } from '../../model/types.ts';
import { paragraphText } from '../../model/text.ts';
import { RULE_INDEX_FILE, buildRuleIndex } from '../rule-index.ts';
import { glossaryEntryHref, ruleHref, type Edition, type Site } from '../site.ts';
import { glossaryApiFile, glossaryGroup, ruleSection, sectionApiFile } from '../api-paths.ts';
import { headwordList, headwordListPath } from '../glossary-data.ts';
import { editionLag, historyFiles, ruleLag } from './history-extras.ts';
import { getFileDates } from '../load.ts';

export interface ExtraFile {
  /** Path under dist/ without a leading slash: `api/en/2026-01-16/edition.json`. */
  path: string;
  content: string;
}

/** Rules shown under a heading-only entry in its preview: a section or `702.19 Trample` says little alone. */
const LEAD_RULES = 3;
function leadRules(ed: Edition, r: Rule): { number: string; body: Rule['body'] }[] | undefined {
  const titleOnly = r.kind === 'section' || r.body.map(paragraphText).join(' ').length < 60;
  if (!titleOnly || r.children.length === 0) return undefined;
  const out: { number: string; body: Rule['body'] }[] = [];
  for (const n of r.children) {
    const c = ed.rules.get(n);
    if (c) out.push({ number: c.number, body: c.body });
    if (out.length >= LEAD_RULES) break;
  }
  return out.length > 0 ? out : undefined;
}

function ruleJson(ed: Edition, r: Rule, prev: string | null, next: string | null) {
  const lead = leadRules(ed, r);
  return {
    lang: ed.lang,
    edition: ed.edition,
    number: r.number,
    kind: r.kind,
    parent: r.parent,
    children: r.children,
    url: ruleHref(ed, r.number),
    ...(r.printedNumber ? { printedNumber: r.printedNumber } : {}),
    ...(r.damaged ? { damaged: true } : {}),
    body: r.body,
    examples: r.examples,
    notes: r.notes,
    ...(lead ? { lead } : {}),
    prev,
    next,
    ...(ruleLag(ed, r.number) ? { lag: ruleLag(ed, r.number) } : {}),
    // A composed current edition: where the text comes from, and for an outdated rule today's English and its diff.
    ...(r.translation ? { translation: r.translation } : {}),
  };
}

/** Every extra file of the site, in a stable order. */
export function* extraFiles(site: Site): Generator<ExtraFile> {
  for (const ed of site.editions) {
    yield* apiFiles(ed);
    // The glossary filter's headword list (src/site/glossary-data.ts).
    yield { path: headwordListPath(ed).slice(1), content: JSON.stringify(headwordList(site, ed)) };
    // Which page holds which number: the go-to box, the not-found page and the server's short addresses
    // read it (src/site/rule-index.ts, src/site/host/short-address.ts).
    const index = buildRuleIndex(ed.lang, ed.edition, ed.pages.map((p) => ({ path: p.path, numbers: p.chunk.entries.map((r) => r.number) })));
    yield { path: `${ed.base.slice(1)}${RULE_INDEX_FILE}`, content: JSON.stringify(index) };
  }
  yield* historyFiles(site);
  yield {
    path: 'api/index.json',
    content: JSON.stringify({
      editions: site.editions.map((ed) => ({
        lang: ed.lang,
        edition: ed.edition,
        latest: ed.latest,
        partial: ed.info.partial,
        title: ed.doc.title,
        english: ed.info.english,
        url: ed.base,
        pinnedUrl: ed.pinnedBase,
        data: `/api/${ed.lang}/${ed.edition}/edition.json`,
        glossary: `/api/${ed.lang}/${ed.edition}/glossary.json`,
        section: `/api/${ed.lang}/${ed.edition}/sections/{section}.json`,
        glossaryGroup: `/api/${ed.lang}/${ed.edition}/glossary/{group}.json`,
        ...(ed.info.composed ? { composed: ed.info.composed } : {}),
      })),
      // File-name date → the edition's stated date, where they differ (src/site/file-dates.ts).
      fileDates: getFileDates().toStated,
    }),
  };
}

function* apiFiles(ed: Edition): Generator<ExtraFile> {
  const dir = `api/${ed.lang}/${ed.edition}`;
  const ordered = ed.pages.flatMap((p) => p.chunk.entries);
  const rules = ordered.map((r, i) => ruleJson(ed, r, ordered[i - 1]?.number ?? null, ordered[i + 1]?.number ?? null));
  // One file per section (`sections/702.json`: every rule of 702 in order), never one per rule, and the
  // edition's own file lists the sections rather than repeating their rules: a static host's limits on
  // files and bytes (docs/deploy.md, docs/api.md). A preview fetches a section once and keeps it.
  const bySection = new Map<string, ReturnType<typeof ruleJson>[]>();
  for (const r of rules) {
    const s = ruleSection(r.number) ?? r.number;
    (bySection.get(s) ?? bySection.set(s, []).get(s)!).push(r);
  }
  yield {
    path: `${dir}/edition.json`,
    content: JSON.stringify({
      lang: ed.lang,
      edition: ed.edition,
      title: ed.doc.title,
      latest: ed.latest,
      partial: ed.info.partial,
      english: ed.info.english,
      sources: ed.info.sources,
      untranslated: ed.info.untranslated,
      ...(ed.info.composed ? { composed: ed.info.composed } : {}),
      ...(editionLag(ed) ? { lag: editionLag(ed) } : {}),
      parts: ed.doc.parts,
      sections: [...bySection].map(([section, list]) => ({ section, title: ed.sections.find((v) => v.number === section)?.title ?? '', rules: list.length, url: `/${dir}/${sectionApiFile(section)}` })),
    }),
  };
  for (const [section, list] of bySection) yield { path: `${dir}/${sectionApiFile(section)}`, content: JSON.stringify({ lang: ed.lang, edition: ed.edition, section, rules: list }) };
  const entries = ed.doc.glossary.map((g) => {
    const slug = ed.glossarySlug.get(g)!;
    return { lang: ed.lang, edition: ed.edition, slug, url: glossaryEntryHref(ed, g), ...g };
  });
  yield { path: `${dir}/glossary.json`, content: JSON.stringify({ lang: ed.lang, edition: ed.edition, entries, termBridge: ed.doc.termBridge }) };
  // Glossary entries grouped by the first character of their slug (`glossary/t.json`: every entry whose slug
  // starts with `g-t`), for the same reason.
  const byGroup = new Map<string, typeof entries>();
  for (const e of entries) {
    const g = glossaryGroup(e.slug);
    (byGroup.get(g) ?? byGroup.set(g, []).get(g)!).push(e);
  }
  for (const [group, list] of byGroup) yield { path: `${dir}/${glossaryApiFile(group)}`, content: JSON.stringify({ lang: ed.lang, edition: ed.edition, group, entries: list }) };
}
