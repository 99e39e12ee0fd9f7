/**
 * The differ: what changed between any two English editions (either order), computed from the
 * history store alone, so the build, the CLI and the browser give the same answer. Rules pair up
 * through their chains; examples of a pair and glossary entries likewise; word-level changes come
 * from the `diff` library. A change that only renumbers references (each old number became the new
 * one) or only touches typography is kept but marked `only`, so pages can collapse it.
 */
import { diffWordsWithSpace } from 'diff';
import { compareSortKeys, sortKey } from '../model/rule-number.ts';
import { comparable, referencesIn } from './items.ts';
import { matchItems } from './match.ts';
import { editionIndex, renumberMap, spanAt, type HistoryStore, type Span } from './store.ts';

export type Status = 'added' | 'removed' | 'changed' | 'moved' | 'moved-changed' | 'unchanged';

/** A word-level change: -1 removed, 0 kept, 1 added. */
export type WordPart = [op: -1 | 0 | 1, text: string];

export interface DiffEntry {
  status: Status;
  /** Rule number (or glossary term) in the old edition; null when added. */
  old: string | null;
  new: string | null;
  /** The text differs only in renumbered references or only in typography. */
  only?: 'references' | 'typography';
  before?: string;
  after?: string;
  /** Word-level changes (when the text changed). */
  words?: WordPart[];
}

export interface ExampleEntry extends DiffEntry {
  /** 1-based position of the example under its rule, old and new. */
  oldIndex: number | null;
  newIndex: number | null;
}

export type Counts = Record<Status, number> & { referencesOnly: number; typographyOnly: number };

export interface EditionDiff {
  lang: 'en';
  old: string;
  new: string;
  /** Per kind: entries by status; `changed`/`moved-changed` count only real changes, the rest under *Only. */
  summary: { rules: Counts; examples: Counts; glossary: Counts };
  rules: DiffEntry[];
  examples: ExampleEntry[];
  glossary: DiffEntry[];
}

export interface DiffOptions {
  /** Keep unchanged entries too. */
  all?: boolean;
}

export const emptyCounts = (): Counts => ({ added: 0, removed: 0, changed: 0, moved: 0, 'moved-changed': 0, unchanged: 0, referencesOnly: 0, typographyOnly: 0 });

export function wordDiff(before: string, after: string): WordPart[] {
  return diffWordsWithSpace(before, after).map((c) => [c.added ? 1 : c.removed ? -1 : 0, c.value] as WordPart);
}

/**
 * What the texts alone say of a change (no edition needed): the same text, a real change, typography only, or a
 * candidate for "references only" with the pairs of numbers that differ (old, new) — it is references-only when
 * each old number became the new one between the two editions compared. Precomputed per pair of texts by the
 * compare outline (outline.ts) and resolved there against the editions the reader picks.
 */
export type TextChange = 'same' | 'real' | 'typography' | { refs: [string, string][] };

export function textChange(before: string, after: string): TextChange {
  if (before === after) return 'same';
  if (comparable(before) !== comparable(after)) return 'real';
  const a = referencesIn(before);
  const b = referencesIn(after);
  if (a.length !== b.length) return 'real';
  const refs: [string, string][] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) refs.push([a[i]!, b[i]!]);
  // Same masked text and same references: only the typography differs.
  return refs.length ? { refs } : 'typography';
}

export type ChangeKindOfText = 'same' | 'references' | 'typography' | 'real';

/** A text change resolved for two editions: references-only when every differing number was renumbered so. */
export function resolveChange(c: TextChange, renumbered: (oldNumber: string) => string | null | undefined): ChangeKindOfText {
  if (typeof c === 'string') return c;
  return c.refs.every(([x, y]) => renumbered(x) === y) ? 'references' : 'real';
}

/**
 * How two texts of one item differ: not at all, only in references that were renumbered (each old
 * number is the new number of the same rule), only in typography, or really.
 */
export function kindOfChange(before: string, after: string, renumbered: (oldNumber: string) => string | null | undefined): ChangeKindOfText {
  return resolveChange(textChange(before, after), renumbered);
}

export function classify(moved: boolean, kind: ChangeKindOfText): Status {
  if (kind === 'same') return moved ? 'moved' : 'unchanged';
  return moved ? 'moved-changed' : 'changed';
}

function entry(store: Pick<HistoryStore, 'texts'>, status: Status, a: Span | undefined, b: Span | undefined, kind: ChangeKindOfText, key = 3): DiffEntry {
  const before = a ? store.texts[a[key] as number]! : undefined;
  const after = b ? store.texts[b[key] as number]! : undefined;
  const e: DiffEntry = { status, old: a ? a[2] : null, new: b ? b[2] : null };
  if (kind === 'references' || kind === 'typography') e.only = kind;
  if (before !== undefined) e.before = before;
  if (after !== undefined) e.after = after;
  if (before !== undefined && after !== undefined && before !== after) e.words = wordDiff(before, after);
  return e;
}

export function count(counts: Counts, e: DiffEntry): void {
  if (e.only === 'references') counts.referencesOnly++;
  else if (e.only === 'typography') counts.typographyOnly++;
  else counts[e.status]++;
}

function requireIndex(store: HistoryStore, edition: string): number {
  const e = editionIndex(store, edition);
  if (e < 0) throw new RangeError(`no English edition ${edition} in the history (known: ${store.editions[0]} … ${store.editions[store.editions.length - 1]})`);
  return e;
}

/** Everything that changed from edition `from` to edition `to`. */
export function diffEditions(store: HistoryStore, from: string, to: string, options: DiffOptions = {}): EditionDiff {
  const f = requireIndex(store, from);
  const t = requireIndex(store, to);
  // Old number → new number of every rule in both editions: references renumbered consistently.
  const renumber = renumberMap(store, f, t);
  return diffChains(store, { rules: store.rules, glossary: store.glossary }, from, to, (n) => renumber.get(n), options);
}

/**
 * The diff of some chains of a store (all of them for diffEditions; one slice's for the compare page's opened
 * section), with `renumbered` from the whole history: the same entries, counts and order either way.
 */
export function diffChains(
  store: Pick<HistoryStore, 'editions' | 'texts'>,
  chains: { rules: readonly Span[][]; glossary: readonly Span[][] },
  from: string,
  to: string,
  renumbered: (n: string) => string | null | undefined,
  options: DiffOptions = {},
): EditionDiff {
  const f = store.editions.indexOf(from);
  const t = store.editions.indexOf(to);
  const out: EditionDiff = { lang: 'en', old: from, new: to, summary: { rules: emptyCounts(), examples: emptyCounts(), glossary: emptyCounts() }, rules: [], examples: [], glossary: [] };
  const keep = (e: DiffEntry) => options.all || e.status !== 'unchanged';
  const pair = (a: Span | undefined, b: Span | undefined): DiffEntry => {
    if (!a || !b) return entry(store, a ? 'removed' : 'added', a, b, 'real');
    const kind = a[3] === b[3] ? 'same' : kindOfChange(store.texts[a[3]]!, store.texts[b[3]]!, renumbered);
    return entry(store, classify(a[2] !== b[2], kind), a, b, kind);
  };
  for (const chain of chains.rules) {
    const a = spanAt(chain, f);
    const b = spanAt(chain, t);
    if (!a && !b) continue;
    const e = pair(a, b);
    count(out.summary.rules, e);
    if (keep(e)) out.rules.push(e);
    for (const x of exampleEntries(store, a, b, renumbered)) {
      count(out.summary.examples, x);
      if (keep(x)) out.examples.push(x);
    }
  }
  for (const chain of chains.glossary) {
    const a = spanAt(chain, f);
    const b = spanAt(chain, t);
    if (!a && !b) continue;
    const e = pair(a, b);
    count(out.summary.glossary, e);
    if (keep(e)) out.glossary.push(e);
  }
  sortDiff(out);
  return out;
}

/** The order of a diff's lists: rules and examples by number (new, else old), the glossary by term. */
export function sortDiff(d: Pick<EditionDiff, 'rules' | 'examples' | 'glossary'>): void {
  sortByNumbers(d.rules, () => 0);
  sortByNumbers(d.examples, (x, y) => (x.newIndex ?? x.oldIndex!) - (y.newIndex ?? y.oldIndex!));
  d.glossary.sort((x, y) => compareHeadwords(x.new ?? x.old!, y.new ?? y.old!));
}

/**
 * Glossary headwords in dictionary order: by their lower case, then as written. On every English headword since 2009
 * this is the order of Intl.Collator('en') (tests/history/diff-order.test.ts), without building a collator, which
 * costs a phone tens of milliseconds on the compare page's first view.
 */
export function compareHeadwords(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Entries in rule-number order (the new number, else the old; then the old), then by `tie`. Each number's sort key is
 * computed once per entry, not once per comparison: the compare page sorts thousands of entries on a phone.
 */
function sortByNumbers<E extends DiffEntry>(list: E[], tie: (x: E, y: E) => number): void {
  const keyed = list.map((e) => {
    const [a, b] = [e.new ?? e.old!, e.old ?? ''];
    return { e, a, b, ka: sortKey(a), kb: sortKey(b) };
  });
  keyed.sort((x, y) => compareSortKeys(x.ka, y.ka, x.a, y.a) || compareSortKeys(x.kb, y.kb, x.b, y.b) || tie(x.e, y.e));
  keyed.forEach((k, i) => (list[i] = k.e));
}

/**
 * How the examples of two spans pair up, from their texts alone: identical lists pair in order; others by text,
 * then by position and similarity (matchItems). Shared by the differ and the compare outline.
 */
export function pairExamples(texts: readonly string[], olds: readonly number[], news: readonly number[], identical: boolean): [number, number][] {
  if (identical && olds.length === news.length && olds.every((x, i) => x === news[i])) return olds.map((_, i) => [i, i]);
  return matchItems(
    olds.map((id, i) => ({ key: String(i), masked: comparable(texts[id]!) })),
    news.map((id, j) => ({ key: String(j), masked: comparable(texts[id]!) })),
    { sameKey: 0.3, otherKey: 0.5 },
  );
}

/** The examples of one rule in two editions, paired (by text, then by position and similarity). */
export function exampleEntries(store: Pick<HistoryStore, 'texts'>, a: Span | undefined, b: Span | undefined, renumbered: (n: string) => string | null | undefined): ExampleEntry[] {
  const olds = a ? a[4] : [];
  const news = b ? b[4] : [];
  if (olds.length === 0 && news.length === 0) return [];
  const text = (id: number) => store.texts[id]!;
  const make = (status: Status, i: number | null, j: number | null, kind: ChangeKindOfText): ExampleEntry => {
    const before = i === null ? undefined : text(olds[i]!);
    const after = j === null ? undefined : text(news[j]!);
    const e: ExampleEntry = { status, old: i === null ? null : a![2], new: j === null ? null : b![2], oldIndex: i === null ? null : i + 1, newIndex: j === null ? null : j + 1 };
    if (kind === 'references' || kind === 'typography') e.only = kind;
    if (before !== undefined) e.before = before;
    if (after !== undefined) e.after = after;
    if (before !== undefined && after !== undefined && before !== after) e.words = wordDiff(before, after);
    return e;
  };
  const moved = !!a && !!b && a[2] !== b[2];
  const pairs = pairExamples(store.texts, olds, news, !!a && !!b);
  const out: ExampleEntry[] = [];
  const takenNew = new Set(pairs.map((p) => p[1]));
  const takenOld = new Set(pairs.map((p) => p[0]));
  for (const [i, j] of pairs) {
    const kind = olds[i] === news[j] ? 'same' : kindOfChange(text(olds[i]!), text(news[j]!), renumbered);
    out.push(make(classify(moved, kind), i, j, kind));
  }
  olds.forEach((_, i) => {
    if (!takenOld.has(i)) out.push(make('removed', i, null, 'real'));
  });
  news.forEach((_, j) => {
    if (!takenNew.has(j)) out.push(make('added', null, j, 'real'));
  });
  return out;
}
