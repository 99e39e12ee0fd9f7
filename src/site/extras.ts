/**
 * Files the build writes next to Astro's pages (src/site/integration.ts): one tiny redirect page per
 * rule number (`/en/702.19b/` → `/en/702/#702.19b`), version-pinned aliases of the latest edition
 * (`/en/2026-01-16/…`), and the static JSON export under `/api/`.
 */
import type { Rule } from '../model/types.ts';
import { paragraphText } from '../model/text.ts';
import { contentSecurityPolicy } from './csp.ts';
import { RULE_INDEX_FILE, buildRuleIndex } from './rule-index.ts';
import { editionPagePaths, glossaryEntryHref, ruleHref, type Edition, type Site } from './site.ts';
import { headwordList, headwordListPath } from './glossary-data.ts';
import { editionLag, historyFiles, ruleLag } from './history-extras.ts';
import { getFileDates } from './load.ts';

export interface ExtraFile {
  /** Path under dist/ without a leading slash: `en/702.19b/index.html`, `api/en/2026-01-16/rules.json`. */
  path: string;
  content: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A static redirect page: works without script (meta refresh), tells crawlers the canonical URL. */
export function redirectPage(target: string, label: string, lang: string): string {
  const t = esc(target);
  return `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${esc(contentSecurityPolicy({ 'default-src': "'none'", 'base-uri': "'none'" }))}"><meta http-equiv="refresh" content="0; url=${t}"><link rel="canonical" href="${t}"><meta name="robots" content="noindex"><title>${esc(label)}</title></head><body><p><a href="${t}">${esc(label)}</a></p></body></html>\n`;
}

const dirIndex = (urlPath: string) => `${urlPath.replace(/^\//, '')}index.html`;

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
  const pagePaths = new Set<string>();
  for (const ed of site.editions) for (const p of editionPagePaths(ed)) pagePaths.add(p);
  const written = new Set<string>();
  const redirect = function* (from: string, to: string, label: string, lang: string): Generator<ExtraFile> {
    if (pagePaths.has(from) || written.has(from)) return;
    written.add(from);
    yield { path: dirIndex(from), content: redirectPage(to, label, lang) };
  };

  for (const ed of site.editions) {
    const numbers = [...ed.pageOf.keys()];
    for (const n of numbers) yield* redirect(`${ed.base}${n}/`, ruleHref(ed, n)!, n, ed.lang);
    if (ed.latest) {
      // Version-pinned aliases of the latest edition: stay valid when a newer edition arrives.
      for (const p of editionPagePaths(ed)) yield* redirect(ed.pinnedBase + p.slice(ed.base.length), p, p, ed.lang);
      for (const n of numbers) yield* redirect(`${ed.pinnedBase}${n}/`, ruleHref(ed, n)!, n, ed.lang);
    }
    yield* apiFiles(ed);
    // The glossary filter's headword list (src/site/glossary-data.ts).
    yield { path: headwordListPath(ed).slice(1), content: JSON.stringify(headwordList(site, ed)) };
    // Which page holds which number: the go-to box and the not-found page read it (src/site/rule-index.ts).
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
        rules: `/api/${ed.lang}/${ed.edition}/rules.json`,
        glossary: `/api/${ed.lang}/${ed.edition}/glossary.json`,
        rule: `/api/${ed.lang}/${ed.edition}/rules/{number}.json`,
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
  yield {
    path: `${dir}/rules.json`,
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
      rules,
    }),
  };
  for (const r of rules) yield { path: `${dir}/rules/${r.number}.json`, content: JSON.stringify(r) };
  const entries = ed.doc.glossary.map((g) => {
    const slug = ed.glossarySlug.get(g)!;
    return { lang: ed.lang, edition: ed.edition, slug, url: glossaryEntryHref(ed, g), ...g };
  });
  yield { path: `${dir}/glossary.json`, content: JSON.stringify({ lang: ed.lang, edition: ed.edition, entries, termBridge: ed.doc.termBridge }) };
  for (const e of entries) yield { path: `${dir}/glossary/${e.slug}.json`, content: JSON.stringify(e) };
}
