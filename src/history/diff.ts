/**
 * The differ: what changed between any two English editions (either order), computed from the
 * history store alone, so the build, the CLI and the browser give the same answer. Rules pair up
 * through their chains; examples of a pair and glossary entries likewise; word-level changes come
 * from the `diff` library. A change that only renumbers references (each old number became the new
 * one) or only touches typography is kept but marked `only`, so pages can collapse it.
 */
import { diffWordsWithSpace } from 'diff';
import { compareRuleNumbers } from '../model/rule-number.ts';
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

const emptyCounts = (): Counts => ({ added: 0, removed: 0, changed: 0, moved: 0, 'moved-changed': 0, unchanged: 0, referencesOnly: 0, typographyOnly: 0 });

export function wordDiff(before: string, after: string): WordPart[] {
  return diffWordsWithSpace(before, after).map((c) => [c.added ? 1 : c.removed ? -1 : 0, c.value] as WordPart);
}

/**
 * How two texts of one item differ: not at all, only in references that were renumbered (each old
 * number is the new number of the same rule), only in typography, or really.
 */
export function kindOfChange(before: string, after: string, renumbered: (oldNumber: string) => string | null | undefined): 'same' | 'references' | 'typography' | 'real' {
  if (before === after) return 'same';
  if (comparable(before) !== comparable(after)) return 'real';
  const a = referencesIn(before);
  const b = referencesIn(after);
  if (a.length !== b.length) return 'real';
  let refsDiffer = false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    refsDiffer = true;
    if (renumbered(a[i]!) !== b[i]) return 'real';
  }
  // Same masked text and same references: only the typography differs.
  return refsDiffer ? 'references' : 'typography';
}

function classify(moved: boolean, kind: ReturnType<typeof kindOfChange>): Status {
  if (kind === 'same') return moved ? 'moved' : 'unchanged';
  return moved ? 'moved-changed' : 'changed';
}

function entry(store: HistoryStore, status: Status, a: Span | undefined, b: Span | undefined, kind: ReturnType<typeof kindOfChange>, key = 3): DiffEntry {
  const before = a ? store.texts[a[key] as number]! : undefined;
  const after = b ? store.texts[b[key] as number]! : undefined;
  const e: DiffEntry = { status, old: a ? a[2] : null, new: b ? b[2] : null };
  if (kind === 'references' || kind === 'typography') e.only = kind;
  if (before !== undefined) e.before = before;
  if (after !== undefined) e.after = after;
  if (before !== undefined && after !== undefined && before !== after) e.words = wordDiff(before, after);
  return e;
}

function count(counts: Counts, e: DiffEntry): void {
  if (e.only === 'references') counts.referencesOnly++;
  else if (e.only === 'typography') counts.typographyOnly++;
  else counts[e.status]++;
}

/** Everything that changed from edition `from` to edition `to`. */
export function diffEditions(store: HistoryStore, from: string, to: string, options: DiffOptions = {}): EditionDiff {
  const f = editionIndex(store, from);
  const t = editionIndex(store, to);
  for (const [e, name] of [[f, from], [t, to]] as const) {
    if (e < 0) throw new RangeError(`no English edition ${name} in the history (known: ${store.editions[0]} … ${store.editions[store.editions.length - 1]})`);
  }
  // Old number → new number of every rule in both editions: references renumbered consistently.
  const renumber = renumberMap(store, f, t);
  const renumbered = (n: string) => renumber.get(n);
  const out: EditionDiff = { lang: 'en', old: from, new: to, summary: { rules: emptyCounts(), examples: emptyCounts(), glossary: emptyCounts() }, rules: [], examples: [], glossary: [] };
  const keep = (e: DiffEntry) => options.all || e.status !== 'unchanged';

  for (const chain of store.rules) {
    const a = spanAt(chain, f);
    const b = spanAt(chain, t);
    if (!a && !b) continue;
    let e: DiffEntry;
    if (!a || !b) e = entry(store, a ? 'removed' : 'added', a, b, 'real');
    else {
      const kind = a[3] === b[3] ? 'same' : kindOfChange(store.texts[a[3]]!, store.texts[b[3]]!, renumbered);
      e = entry(store, classify(a[2] !== b[2], kind), a, b, kind);
    }
    count(out.summary.rules, e);
    if (keep(e)) out.rules.push(e);
    for (const x of exampleEntries(store, a, b, renumbered)) {
      count(out.summary.examples, x);
      if (keep(x)) out.examples.push(x);
    }
  }
  for (const chain of store.glossary) {
    const a = spanAt(chain, f);
    const b = spanAt(chain, t);
    if (!a && !b) continue;
    let e: DiffEntry;
    if (!a || !b) e = entry(store, a ? 'removed' : 'added', a, b, 'real');
    else {
      const kind = a[3] === b[3] ? 'same' : kindOfChange(store.texts[a[3]]!, store.texts[b[3]]!, renumbered);
      e = entry(store, classify(a[2] !== b[2], kind), a, b, kind);
    }
    count(out.summary.glossary, e);
    if (keep(e)) out.glossary.push(e);
  }
  const byNumber = (x: DiffEntry, y: DiffEntry) => compareRuleNumbers(x.new ?? x.old!, y.new ?? y.old!) || compareRuleNumbers(x.old ?? '', y.old ?? '');
  out.rules.sort(byNumber);
  out.examples.sort((x, y) => byNumber(x, y) || (x.newIndex ?? x.oldIndex!) - (y.newIndex ?? y.oldIndex!));
  out.glossary.sort((x, y) => (x.new ?? x.old!).localeCompare(y.new ?? y.old!, 'en'));
  return out;
}

/** The examples of one rule in two editions, paired (by text, then by position and similarity). */
export function exampleEntries(store: HistoryStore, a: Span | undefined, b: Span | undefined, renumbered: (n: string) => string | null | undefined): ExampleEntry[] {
  const olds = a ? a[4] : [];
  const news = b ? b[4] : [];
  if (olds.length === 0 && news.length === 0) return [];
  const text = (id: number) => store.texts[id]!;
  const make = (status: Status, i: number | null, j: number | null, kind: ReturnType<typeof kindOfChange>): ExampleEntry => {
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
  const pairs =
    a && b && olds.length === news.length && olds.every((x, i) => x === news[i])
      ? olds.map((_, i) => [i, i] as [number, number])
      : matchItems(
          olds.map((id, i) => ({ key: String(i), masked: comparable(text(id)) })),
          news.map((id, j) => ({ key: String(j), masked: comparable(text(id)) })),
          { sameKey: 0.3, otherKey: 0.5 },
        );
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
