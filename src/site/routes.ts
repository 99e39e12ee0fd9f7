/**
 * Routes of the reading site: which pages an edition has, which page holds which rule, and the URL of
 * everything. Pure functions over the rule model; used by the Astro pages, the build hook that writes
 * redirect pages and JSON, and the tests.
 *
 * URL scheme (a contract: deep links must never break):
 *   /{lang}/                         latest edition of a language: table of contents
 *   /{lang}/{section}/               a section page (`/ja/702/`)
 *   /{lang}/{section}/{k}/           page k ≥ 2 of a section too heavy for one page (`/en/702/3/`)
 *   /{lang}/{number}/                every rule number: the page itself or a tiny redirect to page#number
 *   /{lang}/glossary/                glossary
 *   /{lang}/parallel/{section}[/k]/  the section beside the same edition of the English
 *   /{lang}/{edition}/…              the same for every edition, the latest included (version-pinned)
 */
import { compareRuleNumbers, parseRuleNumber } from '../model/rule-number.ts';
import type { Lang, Paragraph, Rule, RuleDocument } from '../model/types.ts';
import { paragraphText } from '../model/text.ts';

/** Text bytes a page may hold before its section is split (keeps the heaviest page far below 150 KB gzip). */
const PAGE_TEXT_BUDGET = 40_000;
/** Markup overhead counted per rule when weighing a page. */
const ENTRY_OVERHEAD = 160;

export interface SectionView {
  /** `702` */
  number: string;
  /** Part the section belongs to (`7`). */
  part: string;
  /** Title text of the section entry (`Keyword Abilities`), or '' when the document lacks the entry. */
  title: string;
  /** Every entry of the section in rule order, the section entry first; no duplicates. */
  entries: Rule[];
  /** Stale copies the source printed with an already used number (shown without anchors). */
  duplicates: Rule[];
}

export interface PageChunk {
  /** 1-based page number within the section. */
  index: number;
  entries: Rule[];
}

/** `/en/` for the latest edition, `/en/2019-01-25/` for any other (or when `pinned`). */
export function editionBase(lang: Lang, edition: string, latest: boolean, pinned = false): string {
  return latest && !pinned ? `/${lang}/` : `/${lang}/${edition}/`;
}

/** Path of page `index` of a section under an edition base: `/en/702/`, `/en/702/3/`. */
export function sectionPath(base: string, section: string, index = 1): string {
  return index <= 1 ? `${base}${section}/` : `${base}${section}/${index}/`;
}

export function parallelPath(base: string, section: string, index = 1): string {
  return sectionPath(`${base}parallel/`, section, index);
}

/** Section number of any rule number (`702.19b` → `702`), or null for non-rule text. */
function sectionOf(number: string): string | null {
  const n = parseRuleNumber(number);
  return n ? String(n.section) : null;
}

/** The rule a number belongs to for grouping on pages: `702.19b` → `702.19`, `702` → `702`. */
export function groupKey(number: string): string {
  const n = parseRuleNumber(number);
  if (!n) return number;
  return n.rule === undefined ? String(n.section) : `${n.section}.${n.rule}`;
}

function textBytes(paragraphs: Paragraph[]): number {
  let bytes = 0;
  for (const p of paragraphs) {
    for (const n of p) {
      if (n.type === 'text') bytes += Buffer.byteLength(n.value);
      else if (n.type === 'ref' || n.type === 'term') bytes += Buffer.byteLength(n.text) + 60;
      else if (n.type === 'symbol') bytes += 120;
    }
  }
  return bytes;
}

/** Approximate weight of a rule on a page (text bytes plus markup). */
function ruleWeight(rule: Rule): number {
  let w = ENTRY_OVERHEAD + textBytes(rule.body);
  for (const e of rule.examples) w += textBytes(e) + 60;
  for (const n of rule.notes) w += Buffer.byteLength(n.text) + 60;
  return w;
}

/** Title of a section entry: its first paragraph as plain text. */
function entryTitle(rule: Rule | undefined): string {
  if (!rule || !rule.body[0]) return '';
  return paragraphText(rule.body[0]).trim();
}

/**
 * Groups a document's entries by section, in rule order. Robust to entries whose parent is missing:
 * every non-duplicate entry lands on exactly one section, so every number gets its anchor.
 */
export function groupSections(doc: RuleDocument): SectionView[] {
  const bySection = new Map<string, SectionView>();
  const partOf = new Map<string, string>();
  for (const p of doc.parts) for (const s of p.sections) partOf.set(s, p.number);
  const seen = new Set<string>();
  for (const r of doc.rules) {
    const s = sectionOf(r.number);
    if (!s) continue;
    let view = bySection.get(s);
    if (!view) {
      view = { number: s, part: partOf.get(s) ?? String(Math.floor(Number(s) / 100)), title: '', entries: [], duplicates: [] };
      bySection.set(s, view);
    }
    if (r.duplicate || seen.has(r.number)) view.duplicates.push(r);
    else {
      seen.add(r.number);
      view.entries.push(r);
    }
  }
  const out = [...bySection.values()].sort((a, b) => compareRuleNumbers(a.number, b.number));
  for (const v of out) {
    v.entries.sort((a, b) => compareRuleNumbers(a.number, b.number));
    v.title = entryTitle(v.entries.find((e) => e.number === v.number));
  }
  return out;
}

/**
 * Splits a section into pages of at most `budget` weight, never separating a rule from its subrules.
 * A section under the budget is one page.
 */
export function splitSection(entries: Rule[], budget = PAGE_TEXT_BUDGET): PageChunk[] {
  const groups: Rule[][] = [];
  for (const e of entries) {
    const last = groups[groups.length - 1];
    if (last && groupKey(last[0]!.number) === groupKey(e.number)) last.push(e);
    else groups.push([e]);
  }
  const chunks: PageChunk[] = [];
  let current: Rule[] = [];
  let weight = 0;
  for (const g of groups) {
    const w = g.reduce((s, r) => s + ruleWeight(r), 0);
    if (current.length > 0 && weight + w > budget) {
      chunks.push({ index: chunks.length + 1, entries: current });
      current = [];
      weight = 0;
    }
    current.push(...g);
    weight += w;
  }
  if (current.length > 0 || chunks.length === 0) chunks.push({ index: chunks.length + 1, entries: current });
  return chunks;
}

/** First and last rule number of a chunk, for page titles (`702.20–702.45`). */
export function chunkRange(chunk: PageChunk): [string, string] {
  const first = chunk.entries[0]?.number ?? '';
  const last = chunk.entries[chunk.entries.length - 1]?.number ?? first;
  return [groupKey(first), groupKey(last)];
}
