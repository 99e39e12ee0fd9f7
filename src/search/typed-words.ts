/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * The words as typed that the concept table replaced (`board wipe` → `destroy all`, `ETB`, 相手のターン,
 * 구역을 옮기면; concepts.ts). The lines players ask a rule by (asked.ts) are written in players' words, so
 * these still match them: each such word scores the records whose line holds it like any word of the query
 * does there (the best of its alternatives), while the ranking (engine.ts) counts it towards those records'
 * text and coverage only, never as a word missing from the others. A rule's own text may hold them too
 * (`at the same time`, read as `simultaneously`, is 404.3's wording): there they count TYPED_BODY of that.
 */
import { queryTerms, type QueryTerm } from './text.ts';
import type { Alternative } from './vocabulary.ts';
import { TYPED_BODY } from './weights.ts';

export interface TypedLookup {
  /** Whether a word is left out: one of the rewritten query already, or a common one. */
  skip: (token: string) => boolean;
  /** Whether an alternative is left out (a common word). */
  common: (token: string) => boolean;
  alternatives: (t: QueryTerm) => Alternative[];
  /** A token's inverse document frequency. */
  idf: (token: string) => number;
  /** The records whose asked-by line holds a token. */
  asked: (token: string) => number[];
  /** The records whose text holds a token. */
  body: (token: string) => number[];
}

/**
 * Per word of the typed query's content words (`contentQuery`) not in the rewritten query: the records whose
 * line (or, at TYPED_BODY, text) holds it, with its weight × idf (before the record's length factor), the best alternative's.
 * @example typedScores('hexproof save creature board wipe', lookup) // [Map {702.11b → …}, …] for board, wipe
 */
export function typedScores(typedContent: string, { skip, common, alternatives, idf, asked, body }: TypedLookup): Map<number, number>[] {
  const out: Map<number, number>[] = [];
  for (const t of queryTerms(typedContent)) {
    if (skip(t.token)) continue;
    const top = new Map<number, number>();
    for (const alt of alternatives(t)) {
      if (common(alt.token)) continue;
      const v = t.weight * alt.factor * idf(alt.token);
      for (const d of asked(alt.token)) if (v > (top.get(d) ?? 0)) top.set(d, v);
      for (const d of body(alt.token)) if (v * TYPED_BODY > (top.get(d) ?? 0)) top.set(d, v * TYPED_BODY);
    }
    if (top.size) out.push(top);
  }
  return out;
}
