/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * Proximity for questions typed in words (issue 22): the whole query as written rarely stands in a
 * rule ("first strike combat damage step"), but its neighbouring content words often do ("first
 * strike", "combat damage", "damage step" in 510.4). A record holding more of the query's adjacent
 * word pairs ranks higher than one that has the same words scattered. Latin words only: a Japanese or
 * Korean run is matched by its character bigrams, which already hold the order. Why pairs of whole words,
 * kept as numbers: docs/design-notes.md §3.8.
 */
import { foldedPiece, normalize, pieces, type Piece } from './text.ts';

/** A word of Latin letters and digits: the words paired (asked.ts keeps a phrase of them in order). */
export const LATIN_WORD = /^[\p{Script=Latin}\d][\p{Script=Latin}\d'’/+-]*$/u;

/**
 * The compact keys of adjacent pairs of the query's Latin content words, each once. A pair joins two
 * adjacent word pieces as a rule's text is cut (`pieces`: `state-based` is `state` + `based`), each
 * plural folded as the engine's heading key does, so a query's pairs meet a text's pairs
 * (`textPairs`) however either writes a hyphen.
 * @example pairKeys('first strike combat damage') // ['firststrike', 'strikecombat', 'combatdamage']
 */
export function pairKeys(content: string): string[] {
  const words = content.split(/\s+/).filter((w) => LATIN_WORD.test(w));
  const keys = words.flatMap((w) => pieces(normalize(w)).map(foldedPiece));
  const out = new Set<string>();
  for (let i = 0; i + 1 < keys.length; i++) {
    const k = keys[i]! + keys[i + 1]!;
    if (k.length >= 5) out.add(k);
  }
  return [...out];
}

/**
 * The pairs of adjacent Latin pieces a normalised text holds (a Japanese or Korean run between two
 * words parts them), repeats included. A word inside a longer one is not its pair: `blocked creature`
 * is not in "unblocked creature", as a search of the compact text would have it.
 */
export function textPairs(ps: readonly Piece[], folded: readonly string[] = ps.map(foldedPiece)): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < ps.length; i++) if (ps[i]!.script === 'latin' && ps[i + 1]!.script === 'latin') out.push(folded[i]! + folded[i + 1]!);
  return out;
}

/**
 * Numbers pair keys, once per index: a text keeps its pairs as an ascending Int32Array (4 bytes a pair;
 * kept as sets of strings, the pairs of the texts the 534 English relevance questions touch took 7 MB
 * more heap).
 */
export class PairNumbers {
  private readonly ids = new Map<string, number>();

  /** A text's pairs, numbered (new keys get new numbers), ascending. */
  number(pairs: readonly string[]): Int32Array {
    const out = new Int32Array(pairs.length);
    pairs.forEach((p, i) => {
      let id = this.ids.get(p);
      if (id === undefined) this.ids.set(p, (id = this.ids.size));
      out[i] = id;
    });
    return out.sort();
  }

  /** How many keys are numbered so far (the next new key's number). */
  get size(): number {
    return this.ids.size;
  }

  /** A query's pairs by their numbers; -1 for a key no text numbered so far holds (number the texts first). */
  lookUp(pairs: readonly string[]): Int32Array {
    return Int32Array.from(pairs, (p) => this.ids.get(p) ?? -1);
  }
}

/** The share of a query's pairs (numbered) a text's pairs (numbered, ascending) hold: 0 … 1. */
export function pairShare(held: Int32Array, pairs: Int32Array): number {
  if (!pairs.length || !held.length) return 0;
  let n = 0;
  for (const p of pairs) if (p >= 0 && holds(held, p)) n++;
  return n / pairs.length;
}

/** Binary search of an ascending array. */
function holds(sorted: Int32Array, x: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === x) return true;
    if (v < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
