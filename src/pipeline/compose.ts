/**
 * The current edition of a translated language: the latest English edition's rules, each in the reader's
 * language wherever a translation still holds. Rule by rule (examples and glossary entries too), the history's
 * chain of the English rule leads to its ancestor in the edition each translation follows:
 *   - same English, or differing only in typography or in renumbered references → `current`: the translation,
 *     every reference rewritten to today's number (the printed one kept in `was`);
 *   - English changed in substance → `outdated`: the translation, today's English beside it, the word diff;
 *   - no ancestor (new since), or the translation lacks it → `untranslated`: today's English.
 * Several translations of a language: the newest that is current wins, else the newest outdated one.
 * Numbers, order, parts and sections are the English edition's, so the composed edition is addressed exactly as
 * the English one is (`/ja/120.4/` is today's 120.4). Pure: documents and the history store in, a document out.
 */
import type {
  Composition, ExampleTranslation, GlossaryEntry, Inline, Paragraph, Rule, RuleDocument, RuleTranslation,
  StatusCounts, TermBridgeEntry, TranslationStatus,
} from '../model/types.ts';
import { parentNumber } from '../model/rule-number.ts';
import { exampleEntries, kindOfChange, wordDiff } from '../history/diff.ts';
import { glossaryKey, termKey } from '../history/items.ts';
import { editionIndex, renumberMap, rulesAt, spanAt, type HistoryStore, type Span } from '../history/store.ts';

/** The edition's headword for an English glossary term, and whether two entries share it. */
type Headword = (englishTerm: string) => { term: string; shared: boolean } | undefined;

const zero = (): StatusCounts => ({ current: 0, outdated: 0, untranslated: 0 });

/** One translation as the composition reads it: its rules by number, its edition's index in the history. */
interface Source {
  doc: RuleDocument;
  edition: string;
  index: number;
  rules: Map<string, Rule>;
  /** Its edition's numbers → today's (null: the rule is gone). */
  renumber: Map<string, string | null>;
}

/** A reference rewritten to today's numbers, or kept (and marked missing) when its target is gone. */
function rewriteRef(n: Extract<Inline, { type: 'ref' }>, renumber: Map<string, string | null>): Extract<Inline, { type: 'ref' }> {
  const t = n.target;
  if (t.kind === 'part') return n;
  const from = renumber.get(t.number);
  const to = t.to === undefined ? undefined : renumber.get(t.to);
  // Unknown to the history (a number the English never had): left as printed.
  if (from === undefined) return n;
  if (from === null || to === null) return { ...n, missing: true };
  if (from === t.number && (t.to === undefined || to === t.to)) return n;
  const target = { ...t, number: from, ...(to ? { to } : {}) };
  return { ...n, text: rewriteRefText(n.text, t.number, from, t.to, to ?? undefined), target, was: n.text };
}

/**
 * The visible text of a rewritten reference: each old number replaced by the new one. A range printed with a
 * short end (`601.2f-h`) keeps its short form when both new ends are subrules of one rule; else both ends in full.
 */
function rewriteRefText(text: string, from: string, now: string, fromEnd?: string, nowEnd?: string): string {
  if (fromEnd === undefined || nowEnd === undefined) return text.replace(from, now);
  const short = text.match(/^(\S+?)(\s*[-–〜~]\s*)([a-z])$/);
  if (short && parentNumber(now) === parentNumber(nowEnd) && /[a-z]$/.test(now) && /[a-z]$/.test(nowEnd)) {
    return `${now}${short[2]}${nowEnd.slice(-1)}`;
  }
  const sep = text.match(/\s*[-–〜~]\s*/)?.[0] ?? '–';
  return text.includes(from) && text.includes(fromEnd) ? text.replace(from, now).replace(fromEnd, nowEnd) : `${now}${sep}${nowEnd}`;
}

/** Counts what it rewrote, so the catalog can say how many references now cite today's numbers. */
function rewriteParagraphs(ps: Paragraph[], renumber: Map<string, string | null>, counter: { refs: number }): Paragraph[] {
  return ps.map((p) =>
    p.map((n) => {
      if (n.type !== 'ref') return n;
      const r = rewriteRef(n, renumber);
      if (r.was !== undefined) counter.refs++;
      return r;
    }),
  );
}

/**
 * English paragraphs shown in a translated edition: term links go to the edition's own headwords (or become text),
 * naming the English entry where the headword has two (イベント: Event, Tournament).
 */
function relinkTerms(ps: Paragraph[], headword: (englishTerm: string) => { term: string; shared: boolean } | undefined): Paragraph[] {
  return ps.map((p) =>
    p.map((n): Inline => {
      if (n.type !== 'term') return n;
      const h = headword(n.term);
      return h ? { ...n, term: h.term, ...(h.shared ? { english: n.term } : {}) } : { type: 'text', value: n.text };
    }),
  );
}

export interface ComposeInput {
  /** The translations of one language, any order (each with its English edition as `edition`). */
  translations: RuleDocument[];
  /** The latest English edition (the one the history ends with). */
  english: RuleDocument;
  store: HistoryStore;
}

export function composeCurrentEdition({ translations, english, store }: ComposeInput): RuleDocument {
  const latest = store.editions[store.editions.length - 1]!;
  if (english.edition !== latest) throw new RangeError(`compose: the English edition ${english.edition} is not the history's latest (${latest})`);
  const t = editionIndex(store, latest);
  const sources: Source[] = translations
    .filter((d) => d.edition && editionIndex(store, d.edition) >= 0)
    .sort((a, b) => b.edition!.localeCompare(a.edition!))
    .map((doc) => {
      const index = editionIndex(store, doc.edition!);
      const rules = new Map<string, Rule>();
      for (const r of doc.rules) if (!r.duplicate && !rules.has(r.number)) rules.set(r.number, r);
      return { doc, edition: doc.edition!, index, rules, renumber: renumberMap(store, index, t) };
    });
  if (sources.length === 0) throw new RangeError('compose: no translation follows an English edition of the history');
  const newest = sources[0]!;
  const lang = newest.doc.lang;
  const chainOf = rulesAt(store, latest);
  const counter = { refs: 0 };

  // The glossary first: English paragraphs shown in the edition link their terms to its headwords.
  const glossary = composeGlossary(sources, english, store, t, counter);
  const headwordOf = new Map<string, string>();
  const entriesOf = new Map<string, number>();
  for (const g of glossary.entries) {
    entriesOf.set(g.term, (entriesOf.get(g.term) ?? 0) + 1);
    const en = g.translation?.status === 'untranslated' ? g.term : g.english;
    if (en && !headwordOf.has(glossaryKey(en))) headwordOf.set(glossaryKey(en), g.term);
  }
  const headword = (englishTerm: string) => {
    const term = headwordOf.get(glossaryKey(englishTerm));
    return term === undefined ? undefined : { term, shared: (entriesOf.get(term) ?? 0) > 1 };
  };
  for (const g of glossary.entries) {
    const tr = g.translation!;
    if (tr.status === 'untranslated') g.definition = relinkTerms(g.definition, headword);
    if (tr.english) tr.english = relinkTerms(tr.english, headword);
  }

  const counts = { rules: zero(), examples: zero(), parts: {} as Record<string, StatusCounts> };
  const rules: Rule[] = english.rules.map((r) => {
    const c = chainOf.get(r.number);
    const b = c === undefined ? undefined : spanAt(store.rules[c]!, t);
    // The best translation of this rule: the newest current one, else the newest outdated one.
    let pick: { s: Source; a: Span; tr: Rule; kind: ReturnType<typeof kindOfChange> } | undefined;
    for (const s of sources) {
      const a = c === undefined ? undefined : spanAt(store.rules[c]!, s.index);
      const tr = a ? s.rules.get(a[2]) : undefined;
      if (!a || !b || !tr) continue;
      const kind = a[3] === b[3] ? 'same' : kindOfChange(store.texts[a[3]]!, store.texts[b[3]]!, (n) => s.renumber.get(n));
      if (kind !== 'real') {
        pick = { s, a, tr, kind };
        break;
      }
      pick ??= { s, a, tr, kind };
    }
    const composed = pick && b ? translatedRule(r, pick, b, store, counter, headword) : untranslatedRule(r, headword);
    const status = composed.translation!.status;
    counts.rules[status]++;
    const part = r.number.slice(0, 1);
    (counts.parts[part] ??= zero())[status]++;
    for (const x of composed.translation!.examples ?? []) counts.examples[x.status]++;
    return composed;
  });

  const partTitles = new Map<string, RuleDocument['parts'][number]>();
  for (const s of [...sources].reverse()) for (const p of s.doc.parts) partTitles.set(p.number, p);
  const bridge = new Map<string, TermBridgeEntry>();
  for (const s of sources) for (const e of s.doc.termBridge) if (!bridge.has(`${e.term}\u0000${e.english}`)) bridge.set(`${e.term}\u0000${e.english}`, e);

  const composition: Composition = {
    english: latest,
    translations: sources.map((s) => ({ edition: s.edition, file: s.doc.file })),
    rules: counts.rules,
    parts: counts.parts,
    examples: counts.examples,
    glossary: glossary.counts,
    rewrittenRefs: counter.refs,
  };
  return {
    lang,
    edition: latest,
    // No document prints this edition's title: the site names it in the reader's language (HomeView.astro).
    title: '',
    format: newest.doc.format,
    file: newest.doc.file,
    introduction: newest.doc.introduction,
    ...(newest.doc.introductionDamaged ? { introductionDamaged: true } : {}),
    // The English edition's parts and sections, under the translation's part titles where it has the part.
    parts: english.parts.map((p) => {
      const tr = partTitles.get(p.number);
      return tr ? { ...p, title: tr.title, ...(tr.damaged ? { damaged: true } : {}) } : p;
    }),
    rules,
    glossary: glossary.entries,
    credits: newest.doc.credits,
    termBridge: [...bridge.values()],
    partial: false,
    // The sources' findings stay on the sources' own editions (/diagnostics/); nothing here was read from a file.
    diagnostics: [],
    composed: composition,
  };
}

function translatedRule(
  r: Rule,
  pick: { s: Source; a: Span; tr: Rule; kind: ReturnType<typeof kindOfChange> },
  b: Span,
  store: HistoryStore,
  counter: { refs: number },
  headword: Headword,
): Rule {
  const { s, a, tr, kind } = pick;
  const renumbered = (n: string) => s.renumber.get(n);
  const translation: RuleTranslation = { status: kind === 'real' ? 'outdated' : 'current', from: { edition: s.edition, number: tr.number } };
  if (kind === 'references' || kind === 'typography') translation.only = kind;
  if (kind === 'real') {
    translation.english = relinkTerms(r.body, headword);
    translation.diff = wordDiff(store.texts[a[3]]!, store.texts[b[3]]!);
  }
  // Examples: each English example of today paired with its ancestor (the differ's pairing), shown in the
  // translation where it still holds and the translation has that example.
  const examples: Paragraph[][] = [];
  const exampleInfo: ExampleTranslation[] = [];
  const pairs = exampleEntries(store, a, b, renumbered);
  r.examples.forEach((ex, j) => {
    const e = pairs.find((p) => p.newIndex === j + 1);
    const old = e?.oldIndex ? tr.examples[e.oldIndex - 1] : undefined;
    if (!e || !old || e.status === 'added') {
      examples.push(relinkTerms(ex, headword));
      exampleInfo.push({ status: 'untranslated', from: null });
      return;
    }
    examples.push(rewriteParagraphs(old, s.renumber, counter));
    const real = (e.status === 'changed' || e.status === 'moved-changed') && !e.only;
    exampleInfo.push(real ? { status: 'outdated', from: e.oldIndex!, english: relinkTerms(ex, headword), ...(e.words ? { diff: e.words } : {}) } : { status: 'current', from: e.oldIndex! });
  });
  if (exampleInfo.length > 0) translation.examples = exampleInfo;
  return {
    number: r.number,
    kind: r.kind,
    parent: r.parent,
    children: r.children,
    body: rewriteParagraphs(tr.body, s.renumber, counter),
    examples,
    notes: tr.notes,
    line: tr.line,
    ...(tr.damaged ? { damaged: true } : {}),
    translation,
  };
}

function untranslatedRule(r: Rule, headword: Headword): Rule {
  const { printedNumber: _p, damaged: _d, ...rest } = r;
  return {
    ...rest,
    body: relinkTerms(r.body, headword),
    examples: r.examples.map((ex) => relinkTerms(ex, headword)),
    notes: [],
    translation: {
      status: 'untranslated',
      from: null,
      ...(r.examples.length > 0 ? { examples: r.examples.map((): ExampleTranslation => ({ status: 'untranslated', from: null })) } : {}),
    },
  };
}

/**
 * The glossary of today's English, each entry in the translation's words where the translation has the entry
 * (found by its English headword of the translation's edition, through the history's glossary chain). A language
 * whose translations have no glossary (the Korean ones) gets none: its term pairs stand in, as on its own editions.
 */
function composeGlossary(sources: Source[], english: RuleDocument, store: HistoryStore, t: number, counter: { refs: number }): { entries: GlossaryEntry[]; counts: StatusCounts } {
  const counts = zero();
  if (!sources.some((s) => s.doc.glossary.length > 0)) return { entries: [], counts };
  const chainOf = new Map<string, number>();
  store.glossary.forEach((chain, c) => {
    const b = spanAt(chain, t);
    if (b && !chainOf.has(termKey(b[2]))) chainOf.set(termKey(b[2]), c);
  });
  // The translation's entries whose English entry is gone by today (Mana Burn, Interrupt …) are not current rules.
  // A translation may split one English entry into several (Commander(1), Commander(2)): all of them follow it.
  const byEnglish = sources.map((s) => {
    const m = new Map<string, GlossaryEntry[]>();
    for (const g of s.doc.glossary) if (g.english) m.set(glossaryKey(g.english), [...(m.get(glossaryKey(g.english)) ?? []), g]);
    return m;
  });
  const translated: { order: number; entry: GlossaryEntry }[] = [];
  const order = new Map(sources.flatMap((s) => s.doc.glossary).map((g, i) => [g, i]));
  const untranslated: GlossaryEntry[] = [];
  for (const g of english.glossary) {
    const c = chainOf.get(termKey(g.term));
    const b = c === undefined ? undefined : spanAt(store.glossary[c]!, t);
    let pick: { s: Source; tr: GlossaryEntry[]; kind: ReturnType<typeof kindOfChange>; a: Span } | undefined;
    sources.forEach((s, i) => {
      if (pick && pick.kind !== 'real') return;
      const a = c === undefined ? undefined : spanAt(store.glossary[c]!, s.index);
      const tr = a ? byEnglish[i]!.get(glossaryKey(a[2])) : undefined;
      if (!a || !b || !tr) return;
      const kind = a[3] === b[3] ? 'same' : kindOfChange(store.texts[a[3]]!, store.texts[b[3]]!, (n) => s.renumber.get(n));
      if (!pick || kind !== 'real') pick = { s, tr, kind, a };
    });
    if (!pick || !b) {
      counts.untranslated++;
      untranslated.push({ ...g, translation: { status: 'untranslated', from: null } });
      continue;
    }
    const { s, kind, a } = pick;
    const status: TranslationStatus = kind === 'real' ? 'outdated' : 'current';
    for (const tr of pick.tr) {
      counts[status]++;
      const translation: RuleTranslation = { status, from: { edition: s.edition, number: tr.term } };
      if (kind === 'references' || kind === 'typography') translation.only = kind;
      if (kind === 'real') {
        translation.english = g.definition;
        translation.diff = wordDiff(store.texts[a[3]]!, store.texts[b[3]]!);
      }
      translated.push({
        order: order.get(tr)!,
        entry: { ...tr, definition: rewriteParagraphs(tr.definition, s.renumber, counter), refs: tr.refs.map((n) => s.renumber.get(n) ?? n), translation },
      });
    }
  }
  // The translation's dictionary order, then today's English entries it lacks, in English order.
  translated.sort((x, y) => x.order - y.order);
  return { entries: [...translated.map((x) => x.entry), ...untranslated], counts };
}
