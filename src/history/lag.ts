/**
 * Translation lag: for each rule of a translation (made from English edition E), what the English of
 * that rule did between E and the latest English edition: unchanged, changed, moved (under another
 * number; `changed` tells whether its text changed too) or removed. Only real changes count: renumbered
 * references and typography are not news to a translator. Pure; build time and API.
 */
import { kindOfChange } from './diff.ts';
import { editionIndex, renumberMap, rulesAt, spanAt, type HistoryStore } from './store.ts';

export interface Lag {
  /** The latest English edition the rule is compared with. */
  english: string;
  status: 'unchanged' | 'changed' | 'moved' | 'removed';
  /** The rule's number in the latest English edition (null when removed). */
  current: string | null;
  /** For `moved`: whether the text changed too. */
  changed?: boolean;
}

export interface LagSummary {
  /** English edition the translation follows. */
  from: string;
  english: string;
  /** Rules of that English edition by what happened to them since. */
  counts: Record<Lag['status'], number>;
  /** Of the `moved` ones, those whose text changed too (renumbered and reworded). */
  movedChanged: number;
  /** Rules of the latest English that are new since (no ancestor in that edition); 0 when not given. */
  added: number;
}

/** Lag of every rule number of English edition `from` (null map when the history lacks `from`). */
export function lagsSince(store: HistoryStore, from: string): Map<string, Lag> | null {
  const f = editionIndex(store, from);
  if (f < 0 || store.editions.length === 0) return null;
  const t = store.editions.length - 1;
  const english = store.editions[t]!;
  const renumber = renumberMap(store, f, t);
  const out = new Map<string, Lag>();
  for (const [number, c] of rulesAt(store, from)) {
    const chain = store.rules[c]!;
    const a = spanAt(chain, f)!;
    const b = spanAt(chain, t);
    if (!b) {
      out.set(number, { english, status: 'removed', current: null });
      continue;
    }
    const changed = a[3] !== b[3] && kindOfChange(store.texts[a[3]]!, store.texts[b[3]]!, (n) => renumber.get(n)) === 'real';
    if (b[2] !== number) out.set(number, { english, status: 'moved', current: b[2], changed });
    else out.set(number, { english, status: changed ? 'changed' : 'unchanged', current: b[2] });
  }
  return out;
}

export function summarizeLag(from: string, lags: Map<string, Lag>, numbers?: Iterable<string>, added = 0): LagSummary {
  const counts: LagSummary['counts'] = { unchanged: 0, changed: 0, moved: 0, removed: 0 };
  let english = from;
  let movedChanged = 0;
  for (const n of numbers ?? lags.keys()) {
    const l = lags.get(n);
    if (!l) continue;
    counts[l.status]++;
    if (l.status === 'moved' && l.changed) movedChanged++;
    english = l.english;
  }
  return { from, english, counts, movedChanged, added };
}

/** How many rules of the latest English edition have no ancestor in edition `from` (added since). */
export function addedSince(store: HistoryStore, from: string): number {
  const f = editionIndex(store, from);
  const t = store.editions.length - 1;
  if (f < 0) return 0;
  return store.rules.filter((chain) => spanAt(chain, t) && !spanAt(chain, f)).length;
}
