/**
 * The history store: every English edition's rules, examples and glossary entries, kept once. Each
 * rule (or glossary entry) is one chain of spans across the editions; a span is a run of editions in
 * which the item kept its number and text. Texts are stored once and referred to by index. Built by
 * chain.ts in the data stage; read by the differ, the pages, the CLI and the browser. Pure, no Node.
 */
import { compareRuleNumbers } from '../model/rule-number.ts';
import type { EditionItems } from './items.ts';
import type { CrosswalkFile } from '../model/types.ts';

/** `[first edition index, last edition index, number or term, text id, example text ids]`. */
export type Span = [from: number, to: number, key: string, text: number, examples: number[]];

export interface HistoryStore {
  format: 'cr-atlas-history/1';
  /** Effective dates of the English editions, ascending. */
  editions: string[];
  /** Every distinct text (rule bodies, examples, definitions), referred to by index. */
  texts: string[];
  /** One chain per rule: its spans in edition order (a gap is an edition where the source lacks it). */
  rules: Span[][];
  /** One chain per glossary entry; the key of a span is the headword as printed. */
  glossary: Span[][];
}

/** The span of a chain that covers edition index `e`, or undefined. */
export function spanAt(chain: readonly Span[], e: number): Span | undefined {
  return chain[spanIndexAt(chain, e)];
}

/** Index of the span of a chain that covers edition index `e`, or -1. */
export function spanIndexAt(chain: readonly Span[], e: number): number {
  // A plain loop: the compare page asks it twice for every chain of the history.
  for (let i = 0; i < chain.length; i++) if (chain[i]![0] <= e && e <= chain[i]![1]) return i;
  return -1;
}

/** Index of an edition in the store, or -1. */
export const editionIndex = (store: HistoryStore, edition: string) => store.editions.indexOf(edition);

function requireEdition(store: HistoryStore, edition: string): number {
  const e = editionIndex(store, edition);
  if (e < 0) throw new RangeError(`no English edition ${edition} in the history (known: ${store.editions[0]} … ${store.editions[store.editions.length - 1]})`);
  return e;
}

/** Number → chain index of every rule in an edition (the first entry wins for a stale duplicate number). */
export function rulesAt(store: HistoryStore, edition: string): Map<string, number> {
  const e = requireEdition(store, edition);
  const out = new Map<string, number>();
  store.rules.forEach((chain, c) => {
    const s = spanAt(chain, e);
    if (s && !out.has(s[2])) out.set(s[2], c);
  });
  return out;
}

/**
 * The number a rule of edition `from` has in edition `to` (either direction), following renumbering;
 * null when the rule does not exist in `to` (removed, or not yet added); undefined when `from` has no
 * rule `number`.
 */
export function mapNumber(store: HistoryStore, from: string, to: string, number: string): string | null | undefined {
  const c = rulesAt(store, from).get(number);
  if (c === undefined) return undefined;
  return spanAt(store.rules[c]!, requireEdition(store, to))?.[2] ?? null;
}

/** The number a rule of `edition` has in the latest English edition (null: removed since). */
export function currentNumber(store: HistoryStore, edition: string, number: string): string | null | undefined {
  return mapNumber(store, edition, store.editions[store.editions.length - 1]!, number);
}

/** A whole crosswalk: every rule of `from` whose number differs in `to` (null: no counterpart). */
export function crosswalk(store: HistoryStore, from: string, to: string): Record<string, string | null> {
  const f = requireEdition(store, from);
  const t = requireEdition(store, to);
  const out: Record<string, string | null> = {};
  for (const chain of store.rules) {
    const a = spanAt(chain, f);
    if (!a) continue;
    const b = spanAt(chain, t);
    if (!b || b[2] !== a[2]) out[a[2]] = b ? b[2] : null;
  }
  return out;
}

/** The crosswalk between two editions for the generated data; says which edition is missing instead of throwing. */
export function crosswalkFile(store: HistoryStore, from: string, to: string): CrosswalkFile {
  const missing = [from, to].filter((e) => editionIndex(store, e) < 0);
  return { from, to, map: missing.length ? {} : crosswalk(store, from, to), missing };
}

/** Chains (indexes) in which `number` ever named a rule, in order of first appearance. */
export function chainsNamed(store: HistoryStore, number: string): number[] {
  const out: number[] = [];
  store.rules.forEach((chain, c) => {
    if (chain.some((s) => s[2] === number)) out.push(c);
  });
  return out;
}

const renumberings = new WeakMap<HistoryStore, Map<string, Map<string, string | null>>>();
/** Number in `from` → number in `to` of every rule of `from` (null: gone), memoised per store. */
export function renumberMap(store: HistoryStore, from: number, to: number): Map<string, string | null> {
  let memo = renumberings.get(store);
  if (!memo) renumberings.set(store, (memo = new Map()));
  const key = `${from}>${to}`;
  let map = memo.get(key);
  if (!map) {
    map = new Map();
    for (const chain of store.rules) {
      const a = spanAt(chain, from);
      if (a && !map.has(a[2])) map.set(a[2], spanAt(chain, to)?.[2] ?? null);
    }
    memo.set(key, map);
  }
  return map;
}

/** An edition's rules and glossary rebuilt from the store (what `cr update` diffs a new release against). */
export function itemsAt(store: HistoryStore, edition: string): EditionItems {
  const e = requireEdition(store, edition);
  const rules: EditionItems['rules'] = [];
  for (const chain of store.rules) {
    const s = spanAt(chain, e);
    if (s) rules.push({ number: s[2], text: store.texts[s[3]]!, examples: s[4].map((x) => store.texts[x]!) });
  }
  const glossary: EditionItems['glossary'] = [];
  for (const chain of store.glossary) {
    const s = spanAt(chain, e);
    if (s) glossary.push({ term: s[2], text: store.texts[s[3]]! });
  }
  return { edition, rules: rules.sort((a, b) => compareRuleNumbers(a.number, b.number)), glossary };
}
