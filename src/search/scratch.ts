/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * The per-record buffers a searcher scores a query in (engine.ts `textRank`): made once per index, zeroed for
 * the records a query touched when it is done, so no query allocates arrays the size of the edition (3,000–
 * 7,000 records) and the garbage collector stays out of the typing loop.
 */
export interface Scratch {
  /** Text score (BM25 summed over the query's terms). */
  total: Float64Array;
  /** Weight of the query's terms a record holds (coverage). */
  covered: Float64Array;
  /** One term's best alternative per record, while that term is scored. */
  best: Float64Array;
  /** Heading, glossary and subrule bonuses (the part that is not text). */
  extra: Float64Array;
  /** Final score. */
  score: Float64Array;
  /** Scores copied for the quickselect cut-off (select.ts). */
  cut: Float64Array;
  /** Which of the query's (first 32) alternatives a record matched, one bit each. */
  mask: Uint32Array;
  /** 1 once a record is in `list`. */
  seen: Uint8Array;
  /** How a record was found (engine.ts VIA). */
  via: Uint8Array;
  /** The records touched, in order. */
  list: Int32Array;
}

/** Buffers for an index of `n` records, all zero. */
export function makeScratch(n: number): Scratch {
  return {
    total: new Float64Array(n),
    covered: new Float64Array(n),
    best: new Float64Array(n),
    extra: new Float64Array(n),
    score: new Float64Array(n),
    cut: new Float64Array(n),
    mask: new Uint32Array(n),
    seen: new Uint8Array(n),
    via: new Uint8Array(n),
    list: new Int32Array(n),
  };
}
