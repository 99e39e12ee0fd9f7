/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * The rule the matching rules point to (issue 22, "core rules first"). Many short rules repeat a
 * general one and send the reader there: "Fourth, the active player receives priority. (See rule
 * 117, “Timing and Priority.”)" stands in 505.5, 508.2, 509.4 and 510.3, and a question about when the
 * active player gets priority matched them all above 117.3a, the rule that answers it. Here each of
 * the best text matches lends a share of its score to the rules it cites (`See rule 117`, `rule 704
 * 参照`, `(See rule 116)`) that the query matched too, split among them by their own text scores:
 * the rule pointed to rises above the pointers when it answers the query nearly as well. The prior (prior.ts) counts
 * citations from all the rules; this counts them from the rules this query found.
 */
import type { SearchRecord } from './types.ts';

/** `rule 117`, `rules 702.19b`, `rule 704〔…〕参照`: a citation of a section, rule or subrule. */
const CITE = /\brules? (\d{3}(?:\.\d{1,3}[a-z]?)?)(?![\d.]*\d)/g;

/** The rules a record's text cites (its own number left out), read once per record. */
export class Citations {
  private readonly cache = new Map<number, string[]>();

  constructor(private readonly records: SearchRecord[]) {}

  of(idx: number): string[] {
    let refs = this.cache.get(idx);
    if (!refs) {
      const [num, , body] = this.records[idx]!;
      refs = [...new Set([...body.matchAll(CITE)].map((m) => m[1]!))].filter((r) => r !== num && !num.startsWith(`${r}.`) && !isUnder(num, r));
      this.cache.set(idx, refs);
    }
    return refs;
  }
}

/** Whether rule `num` is `ref` or stands under it (`117.3a` under `117` and `117.3`; `702.1` not under `702.19`). */
export function isUnder(num: string, ref: string): boolean {
  if (num === ref) return true;
  if (!num.startsWith(ref)) return false;
  const rest = num.slice(ref.length);
  return ref.includes('.') ? /^[a-z]/.test(rest) : /^\./.test(rest);
}

/**
 * Adds to `scores` the shares the best `sources` candidates lend to the candidates they cite.
 * @param cand candidate record indexes (`count` of them), `scores` their scores, `text` the text part of one
 * @param share the part of a citing rule's score its cited rules share
 */
export function lendToCited(records: SearchRecord[], citations: Citations, cand: ArrayLike<number>, count: number, scores: Float64Array, text: (d: number) => number, sources: number[], share: number): void {
  const gain = new Map<number, number>();
  // The candidates under each cited number, found once per number (many rules cite the same one).
  const under = new Map<string, number[]>();
  for (const d of sources) {
    const refs = citations.of(d);
    if (!refs.length) continue;
    for (const ref of refs) {
      let all = under.get(ref);
      if (!all) {
        all = [];
        for (let i = 0; i < count; i++) if (isUnder(records[cand[i]!]![0], ref)) all.push(cand[i]!);
        under.set(ref, all);
      }
      const hit = all.filter((c) => c !== d);
      // Split by how well each cited rule matched the query itself (evenly when none did by text).
      let sum = 0;
      for (const c of hit) sum += Math.max(0, text(c));
      for (const c of hit) {
        const part = sum <= 0 ? 1 / hit.length : Math.max(0, text(c)) / sum;
        gain.set(c, (gain.get(c) ?? 0) + (share * text(d) * part) / refs.length);
      }
    }
  }
  for (const [c, g] of gain) scores[c]! += g;
}
