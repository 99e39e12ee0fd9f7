/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * The one phrasing of a rule that is the question. A rule's asked-by line (asked.ts) holds eight or so ways players
 * ask it, and the engine scores the line's words as one field: a rule whose phrasings together hold a question's
 * words ranked as high as one with a phrasing that is the question. Here each of the best candidates gains, in
 * proportion to its text score, the square of the share of the query's weight its closest phrasing holds. A query of
 * one or two words is a name or a term (`Giant Growth`, which 613.4c's line asks by), and is left alone.
 */
import type { RecordIndex } from './record-index.ts';
import { topK } from './select.ts';
import { ASKED_PHRASE, ASKED_PHRASE_OF } from './weights.ts';

/** A query term: the index tokens it stands for, and its weight. */
export interface PhraseTerm {
  alts: string[];
  weight: number;
}

/** Each index's buffer of query-term bits per phrase token number (allocated once, not per query). */
const scratch = new WeakMap<RecordIndex, Int32Array>();

/**
 * Adds the closest phrasing's share to the text scores of the best ASKED_PHRASE_OF candidates.
 * @param terms the query's terms (the first 32 count)
 * @param text the text part of a candidate's score
 */
export function phraseBonus(index: RecordIndex, cand: ArrayLike<number>, count: number, scores: Float64Array, text: (d: number) => number, terms: readonly PhraseTerm[]): void {
  if (terms.length < 3) return;
  const best = topK(cand, count, scores, ASKED_PHRASE_OF);
  const phrases = best.map((d) => index.askedPhrases(d));
  // Per phrase token number, the query terms (bits) it stands for: the index's own buffer, zeroed again below.
  let bitsOf = scratch.get(index);
  if (!bitsOf || bitsOf.length < index.phraseNumbers.size) scratch.set(index, (bitsOf = new Int32Array(2 * index.phraseNumbers.size)));
  const set: number[] = [];
  let all = 0;
  terms.slice(0, 32).forEach((t, k) => {
    all += t.weight;
    for (const n of index.phraseNumbers.lookUp(t.alts)) if (n >= 0) (bitsOf[n]! |= 1 << k), set.push(n);
  });
  // Gains are added once all are read: `text` reads the scores.
  const gains = best.map((d, j) => {
    let most = 0;
    for (const phrase of phrases[j]!) {
      let bits = 0;
      for (let i = 0; i < phrase.length; i++) bits |= bitsOf[phrase[i]!]!;
      let w = 0;
      for (let k = 0; bits; k++, bits >>>= 1) if (bits & 1) w += terms[k]!.weight;
      if (w > most) most = w;
    }
    return all > 0 ? text(d) * ASKED_PHRASE * (most / all) ** 2 : 0;
  });
  for (const n of set) bitsOf[n] = 0;
  if (all > 0) best.forEach((d, j) => (scores[d]! += gains[j]!));
}
