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

/** Per phrase token number, the query terms (bits) it stands for; kept zero between queries. */
let bitsOf = new Int32Array(1024);

/**
 * Adds the closest phrasing's share to the text scores of the best ASKED_PHRASE_OF candidates.
 * @param terms the query's terms (the first 32 count)
 * @param text the text part of a candidate's score
 */
export function phraseBonus(index: RecordIndex, cand: ArrayLike<number>, count: number, scores: Float64Array, text: (d: number) => number, terms: readonly PhraseTerm[]): void {
  if (terms.length < 3) return;
  const best = topK(cand, count, scores, ASKED_PHRASE_OF);
  for (const d of best) index.askedPhrases(d);
  const set: number[] = [];
  let all = 0;
  terms.slice(0, 32).forEach((t, k) => {
    all += t.weight;
    for (const a of t.alts) {
      const n = index.phraseToken(a);
      if (n === undefined) continue;
      if (n >= bitsOf.length) bitsOf = Int32Array.from({ length: Math.max(n + 1, 2 * bitsOf.length) }, (_, i) => bitsOf[i] ?? 0);
      bitsOf[n]! |= 1 << k;
      set.push(n);
    }
  });
  const gains: [number, number][] = [];
  if (all > 0 && set.length) {
    for (const d of best) {
      let most = 0;
      for (const phrase of index.askedPhrases(d)) {
        let bits = 0;
        for (let i = 0; i < phrase.length; i++) bits |= bitsOf[phrase[i]!]!;
        let w = 0;
        for (let k = 0; bits; k++, bits >>>= 1) if (bits & 1) w += terms[k]!.weight;
        if (w > most) most = w;
      }
      if (most > 0) gains.push([d, text(d) * ASKED_PHRASE * (most / all) ** 2]);
    }
  }
  for (const n of set) bitsOf[n] = 0;
  for (const [d, g] of gains) scores[d]! += g;
}
