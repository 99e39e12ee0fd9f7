/**
 * Finding the same CR example in another edition, by its text. A scenario reproduces an example, not a rule number:
 * between 2019-01-25 and 2026-01-16 about a hundred examples moved (119 → 120, 613.3e → 613.4d, 704.7 → 704.8) and
 * some were rewritten (damage assignment order was removed in 2024). Matching by number would attach scenarios to the
 * wrong paragraph; matching by text finds the example wherever it went.
 *
 * Method: both texts are normalised (lower case; "converted mana cost" read as "mana value", "enters the battlefield"
 * as "enters", curly quotes straightened, punctuation dropped) and compared with the Dice coefficient of their word
 * bigrams. A match needs a score of at least MATCH_THRESHOLD and must be mutual (each is the other's best), so one
 * 2026 example is never claimed by two 2019 examples.
 *
 * This is text similarity only. When the rules history (src/history/, issue 11) exposes its own example mapping,
 * this module should become a consumer of it; until then the scenario files carry the reviewed result and
 * tests/engine/editions.test.ts checks it against this function. Pure: no I/O.
 */
import type { RuleDocument } from '../model/types.ts';
import { paragraphText } from '../model/text.ts';

export interface ExampleText {
  rule: string;
  /** 1-based ordinal of the example under its rule. */
  ordinal: number;
  text: string;
}

export interface ExampleMatch {
  from: { rule: string; ordinal: number };
  to: { rule: string; ordinal: number };
  /** Dice coefficient of word bigrams, 0..1, rounded to 2 decimals. */
  score: number;
}

/** Below this score two examples are different examples (reviewed on the 2019/2026 pair: true moves score ≥ 0.7). */
export const MATCH_THRESHOLD = 0.6;

export function normaliseExample(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/^example:\s*/, '')
    .replace(/converted mana costs?/g, 'mana value')
    .replace(/enters the battlefield/g, 'enters')
    .replace(/[’‘]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^a-z0-9'+/\- ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

function bigrams(text: string): Map<string, number> {
  const w = normaliseExample(text);
  const out = new Map<string, number>();
  for (let i = 0; i + 1 < w.length; i++) {
    const k = `${w[i]} ${w[i + 1]}`;
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}

function dice(a: Map<string, number>, b: Map<string, number>): number {
  let inter = 0;
  let na = 0;
  let nb = 0;
  for (const v of a.values()) na += v;
  for (const v of b.values()) nb += v;
  for (const [k, v] of a) inter += Math.min(v, b.get(k) ?? 0);
  return na + nb ? (2 * inter) / (na + nb) : 0;
}

/** Similarity of two example texts, 0..1. */
export function exampleSimilarity(a: string, b: string): number {
  return dice(bigrams(a), bigrams(b));
}

/**
 * Mutual best matches of `from` examples among `to` examples with a score ≥ threshold. Keys are `rule#ordinal` of
 * the `from` side. Quadratic in the number of examples (≈ 250 × 280 here, a few milliseconds).
 */
export function matchExamples(from: ExampleText[], to: ExampleText[], threshold = MATCH_THRESHOLD): Map<string, ExampleMatch> {
  const fg = from.map((e) => bigrams(e.text));
  const tg = to.map((e) => bigrams(e.text));
  const score: number[][] = fg.map((a) => tg.map((b) => dice(a, b)));
  const bestTo = score.map((row) => row.reduce((bi, v, i) => (v > row[bi]! ? i : bi), 0));
  const bestFrom = tg.map((_, j) => score.reduce((bi, row, i) => (row[j]! > score[bi]![j]! ? i : bi), 0));
  const out = new Map<string, ExampleMatch>();
  from.forEach((f, i) => {
    const j = bestTo[i]!;
    const sc = score[i]?.[j] ?? 0;
    if (!to.length || sc < threshold || bestFrom[j] !== i) return;
    const t = to[j]!;
    out.set(`${f.rule}#${f.ordinal}`, { from: { rule: f.rule, ordinal: f.ordinal }, to: { rule: t.rule, ordinal: t.ordinal }, score: Math.round(sc * 100) / 100 });
  });
  return out;
}

/** The examples of a parsed rules document (duplicate stale entries skipped), in document order. */
export function examplesOf(doc: Pick<RuleDocument, 'rules'>): ExampleText[] {
  const out: ExampleText[] = [];
  for (const r of doc.rules) {
    if (r.duplicate) continue;
    r.examples.forEach((paras, i) => out.push({ rule: r.number, ordinal: i + 1, text: paras.map(paragraphText).join(' ') }));
  }
  return out;
}
