/**
 * Build time only: RuleDocument(s) → SearchBundle. Pure (no file access); `scripts/build/search-index.ts`
 * writes the bundles and the CLI builds them in memory from the same generated documents.
 */
import type { Lang, Rule, RuleDocument } from '../model/types.ts';
import { paragraphText } from '../model/text.ts';
import { GLOSSARY, TITLE, type ForeignLink, type GlossaryInfo, type SearchBundle, type SearchRecord, type Synonym, type TermPair } from './types.ts';
import { indexTokens, koreanStem } from './text.ts';
import { titleKey } from './engine.ts';
import { glossarySlugs, termSlug } from '../model/slug.ts';
import { glossaryLayout } from '../model/glossary-pages.ts';
import { HANGUL_OR_KANA, splitBilingual } from './titles.ts';

/** The plain text of a rule's own paragraphs, one line. */
function ruleBody(rule: Rule): string {
  return rule.body.map((p) => paragraphText(p).trim()).filter(Boolean).join(' ').replace(/\s+/g, ' ');
}

function ruleExamples(rule: Rule): string {
  return rule.examples
    .map((ex) => ex.map((p) => paragraphText(p).trim()).join(' '))
    .join('\n')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/**
 * Whether a rule is a heading: every section (`702 Keyword Abilities`), and numbered rules that only
 * name their subrules (`702.19 Trample`, `704.5 …`? no: that one is a sentence).
 */
function isTitleRule(rule: Rule, body: string): boolean {
  if (rule.kind === 'section') return true;
  if (rule.kind !== 'rule' || rule.children.length === 0) return false;
  if (body.length === 0 || body.length > 80) return false;
  // Sentences end with a period (。 in Japanese, 다. in Korean); headings do not.
  return !/[.。:]$/.test(body.trim());
}

/** Records of a document: one per rule, in document order, duplicates (stale copies) left out. */
function toRecords(doc: RuleDocument, asked?: ReadonlyMap<string, string>): SearchRecord[] {
  const out: SearchRecord[] = [];
  const seen = new Set<string>();
  for (const rule of doc.rules) {
    if (rule.duplicate || seen.has(rule.number)) continue;
    seen.add(rule.number);
    const body = ruleBody(rule);
    const record: SearchRecord = [rule.number, isTitleRule(rule, body) ? TITLE : 0, body, ruleExamples(rule)];
    const phrases = asked?.get(rule.number);
    if (phrases) record.push(phrases);
    out.push(record);
  }
  return out;
}

/**
 * Native ↔ English names of a ja/ko document: its term bridge, its glossary's English names,
 * English names embedded in its headings, and headings aligned by number with the English of the
 * same edition.
 */
function termPairs(doc: RuleDocument, english: RuleDocument | undefined): TermPair[] {
  const pairs = new Map<string, TermPair>();
  const add = (native: string, en: string) => {
    native = native.trim();
    en = en.trim();
    if (!native || !en || !HANGUL_OR_KANA.test(native) || !/[A-Za-z]/.test(en)) return;
    const key = `${native}\u0000${en.toLowerCase()}`;
    if (!pairs.has(key)) pairs.set(key, [native, en]);
  };
  for (const t of doc.termBridge) add(t.term, t.english);
  for (const g of doc.glossary) if (g.english) add(g.term, g.english);
  const enTitles = new Map<string, string>();
  if (english) {
    for (const r of english.rules) {
      const body = ruleBody(r);
      if (!r.duplicate && isTitleRule(r, body)) enTitles.set(r.number, body);
    }
  }
  for (const r of doc.rules) {
    if (r.duplicate) continue;
    const body = ruleBody(r);
    if (!isTitleRule(r, body)) continue;
    const [native, en] = splitBilingual(body);
    if (en) add(native, en);
    const aligned = enTitles.get(r.number);
    if (aligned && native) add(native, aligned);
  }
  if (english) for (const [native, en] of parentheticalPairs(doc, english)) add(native, en);
  return [...pairs.values()];
}

/** Korean words the bracket pattern catches before an English gloss that are not the term (`때(becomes)`). */
const FUNCTION_WORDS = new Set(['때', '룰', '절', '것']);

const PAREN = /((?:[\p{Script=Hangul}]+ ){0,3}[\p{Script=Hangul}]+)\s?\(([A-Za-z][A-Za-z' -]{2,40})\)/gu;

/**
 * Korean rules often give a term's English name in brackets where they use it: `특징 정의
 * 능력(characteristic-defining abilities)`, `혼성 마나(hybrid mana)`. Each becomes a pair when the
 * English names an entry of the English glossary of the same edition (which keeps card names and
 * phrases out); the Korean side takes as many words as the English has (hyphens split words), the
 * particle after the last one dropped (`서고를(library)` → `서고`).
 */
export function parentheticalPairs(doc: RuleDocument, english: RuleDocument): TermPair[] {
  const glossary = new Map(english.glossary.map((g) => [titleKey(g.term), g.term]));
  const out: TermPair[] = [];
  const seen = new Set<string>();
  for (const r of doc.rules) {
    for (const m of ruleBody(r).matchAll(PAREN)) {
      const term = glossary.get(titleKey(m[2]!));
      if (!term) continue;
      const n = m[2]!.trim().split(/[\s-]+/).length;
      const words = m[1]!.split(' ');
      if (words.length < Math.min(n, 2) && n > 2) continue;
      // Words of the term, from the end, up to one that ends in a particle (`피해는 정화단` → `정화단`).
      const native: string[] = [koreanStem(words[words.length - 1]!)[0]];
      for (let i = words.length - 2; i >= 0 && native.length < n; i--) {
        const particle = /(?:은|는|을|를|의|에|와|과|도|으로|에서|에게|까지|부터|처럼)$/.exec(words[i]!);
        if (particle && words[i]!.length - particle[0].length >= 2) break;
        native.unshift(words[i]!);
      }
      if (FUNCTION_WORDS.has(native.join(' '))) continue;
      const pair: TermPair = [native.join(' '), term];
      const key = pair.join('\u0000');
      if (!seen.has(key)) seen.add(key), out.push(pair);
    }
  }
  return out;
}

function wordSet(text: string): Set<string> {
  return new Set(indexTokens(text));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

/**
 * Maps the rule numbers of one English edition onto another by text: same number and similar text
 * → same rule (not stored); otherwise the rule with identical text elsewhere; otherwise dropped.
 * Lets a Japanese 2019 hit land on the right rule of the 2026 English site.
 */
function renumbering(from: RuleDocument, to: RuleDocument): { renumber: Record<string, string>; dropped: string[] } {
  const toRecs = new Map(toRecords(to).map((r) => [r[0], r]));
  const byText = new Map<string, string>();
  for (const r of toRecs.values()) if (!byText.has(r[2])) byText.set(r[2], r[0]);
  const renumber: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [n, , body] of toRecords(from)) {
    const same = toRecs.get(n);
    if (same && (same[2] === body || jaccard(wordSet(same[2]), wordSet(body)) >= 0.5)) continue;
    const moved = byText.get(body);
    if (moved) renumber[n] = moved;
    else if (same && jaccard(wordSet(same[2]), wordSet(body)) >= 0.25) continue;
    else dropped.push(n);
  }
  return { renumber, dropped };
}

/** Whether `number` is `ref` or lies under it (`509` → 509.1h; `702.19` → 702.19b). */
function under(number: string, ref: string): boolean {
  if (number === ref) return true;
  if (!number.startsWith(ref)) return false;
  return ref.includes('.') ? /^[a-z]$/.test(number.slice(ref.length)) : number[ref.length] === '.';
}

/**
 * The rules that define a term in their own words: under the rules the definition cites, the
 * first (in document order) whose text holds the term (`Unblocked Creature` cites 509; 509.1h
 * says "… becomes an unblocked creature"). Rules define before they use, so the first is taken.
 */
export function definingRules(records: SearchRecord[], refs: string[], names: string[]): string[] {
  const keys = names.map(titleKey).filter((k) => k.length >= 2);
  const out: string[] = [];
  for (const ref of refs) {
    for (const [n, flags, body] of records) {
      if (flags & (TITLE | GLOSSARY) || n === ref || !under(n, ref)) continue;
      const bk = titleKey(body);
      if (keys.some((k) => bk.includes(k))) {
        out.push(n);
        break;
      }
    }
    if (out.length >= 2) break;
  }
  return out;
}

function definitionText(g: RuleDocument['glossary'][number]): string {
  return g.definition.map((p) => paragraphText(p).trim()).filter(Boolean).join(' ').replace(/\s+/g, ' ');
}

/**
 * Glossary entries of a document, as records and infos. A document without a glossary (Korean)
 * borrows the English glossary of its edition through its term pairs: `영구물` → the entry
 * `Permanent`, its definition in English, its link to the English glossary page.
 */
function glossaryOf(doc: RuleDocument, english: RuleDocument | undefined, records: SearchRecord[]): { records: SearchRecord[]; infos: GlossaryInfo[] } {
  const numbers = new Set(records.map((r) => r[0]));
  const outRecords: SearchRecord[] = [];
  const infos: GlossaryInfo[] = [];
  const add = (slug: string, term: string, text: string, refs: string[], extra: Partial<GlossaryInfo>, names: string[]) => {
    if (numbers.has(slug)) return;
    numbers.add(slug);
    const own = refs.filter((r) => numbers.has(r));
    outRecords.push([slug, GLOSSARY, text, '']);
    infos.push({ n: slug, t: term, refs: own, defs: definingRules(records, own, names), ...extra });
  };
  if (doc.glossary.length > 0) {
    const slugs = glossarySlugs(doc.glossary);
    const pageOf = glossaryLayout(doc.lang, '/', doc).pageOf;
    for (const g of doc.glossary) {
      const extra: Partial<GlossaryInfo> = { p: pageOf.get(g)! };
      if (g.english && g.english !== g.term) extra.e = g.english;
      if (g.reading) extra.r = g.reading;
      add(slugs.get(g)!, g.term, definitionText(g), g.refs, extra, [g.term]);
    }
  } else if (english && english.glossary.length > 0) {
    const slugs = glossarySlugs(english.glossary);
    const pageOf = glossaryLayout(english.lang, '/', english).pageOf;
    const byKey = new Map(english.glossary.map((g) => [titleKey(g.term), g]));
    const seen = new Set<string>();
    for (const [native, en] of termPairs(doc, english)) {
      const g = byKey.get(titleKey(en));
      if (!g || seen.has(native)) continue;
      seen.add(native);
      const slug = slugs.get(g)!;
      add(`${slug}~${termSlug(native)}`, native, definitionText(g), g.refs, { e: g.term, href: `en/${english.edition}/glossary/${pageOf.get(g)!}/#${slug}`, lang: 'en' }, [native]);
    }
  }
  return { records: outRecords, infos };
}

export interface BundleInput {
  doc: RuleDocument;
  /** English document of the same edition (ja/ko), for aligned heading names. */
  english?: RuleDocument;
  synonyms: Synonym[];
  /** Bundle id of the English of the same edition, when that bundle exists. */
  englishBundle?: string | null;
  /** en bundles: the latest Japanese/Korean document, and the English of its edition. */
  foreign?: { lang: 'ja' | 'ko'; doc: RuleDocument; english?: RuleDocument }[];
  /** The words players ask this edition's rules by, keyed by its numbers (asked.ts). */
  asked?: ReadonlyMap<string, string>;
  /** Japanese: IME misconversions of the terms (content/search/homophones.ja.json). */
  homophones?: Record<string, string>;
  /** Japanese: where the rules write a misconversion's word themselves (content/search/homophones.ja.json `written`). */
  homophonesWritten?: Record<string, string[]>;
}

/** Builds the search bundle of one language and edition. */
export function buildBundle(input: BundleInput): SearchBundle {
  const { doc } = input;
  const rules = toRecords(doc, input.asked);
  const glossary = glossaryOf(doc, input.english, rules);
  const records = [...rules, ...glossary.records];
  const foreign: SearchBundle['foreign'] = {};
  for (const f of input.foreign ?? []) {
    const sameEdition = f.doc.edition === doc.edition;
    const { renumber, dropped } = sameEdition || !f.english ? { renumber: {}, dropped: [] } : renumbering(f.english, doc);
    const link: ForeignLink = {
      bundle: `${f.lang}-${f.doc.edition}`,
      dict: termPairs(f.doc, f.english),
      renumber,
      dropped,
    };
    foreign[f.lang] = link;
  }
  return {
    v: 1,
    id: `${doc.lang}-${doc.edition}`,
    lang: doc.lang as Lang,
    edition: doc.edition ?? '',
    english: input.englishBundle ?? null,
    records,
    dict: doc.lang === 'en' ? [] : termPairs(doc, input.english),
    foreign,
    synonyms: input.synonyms,
    glossary: glossary.infos,
    ...(input.homophones ? { homophones: input.homophones } : {}),
    ...(input.homophonesWritten && Object.keys(input.homophonesWritten).length ? { homophonesWritten: input.homophonesWritten } : {}),
  };
}
