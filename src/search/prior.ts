/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * What the ranking knows about a rule before any query (issue 22, "core rules first"):
 *   - how often the other rules cite it (`See rule 702.19b`): judges' most-used subrules are the
 *     most cited ones (702.19b for trample, 704.5c for poison), so a text match on them counts a
 *     little more, and the subrules of a heading the query names are listed by citations;
 *   - whether it is a variant or multiplayer rule (8xx, 9xx, or a core rule whose first clause names
 *     a variant and whose text refers to its rules: `704.6b In a Two-Headed Giant game, …`): those
 *     count half unless the query names a variant (`commander`, `two-headed giant`, `統率者`,
 *     `쌍두거인`), found from the words of the 8xx/9xx headings that no core heading uses;
 *   - whether it is a list (the creature-type list 205.3m, planeswalker types 205.3j): a card-name
 *     word (`God`, `Teferi`) found in a list of names must not outrank the rule the query is about;
 *   - whether it is a map of other rules (601.2b refers to six): a question's words meet there, and the
 *     answer is in the rules it refers to (weights.ts `HUB`);
 *   - whether it is a section's heading (`111 Tokens`): a question counts it half, and counts more a rule
 *     under a heading the question names inside it (`inQuestion`, `factor`'s topics; headings.ts);
 *   - the headings above it (its section's, its rule's): a query word a rule lacks but its heading
 *     holds counts in part for the rule's coverage (`starting life total in commander` → 903.7,
 *     whose text says "starting life total" under the heading "Commander"; `first strike combat
 *     damage step` → 510.4 under "Combat Damage Step").
 */
import { TITLE, type SearchRecord } from './types.ts';
import { CITED, HUB, HUB_REFS, LIST, SECTION_IN_QUESTION, TOPIC, VARIANT } from './weights.ts';

const REF = /\b(\d{3}\.\d{1,3}[a-z]?)\b/g;
const VARIANT_NUMBER = /^[89]\d\d(?:\.|$)/;
/** A variant's section named alone (`See rule 810, “Two-Headed Giant Variant.”`). */
const VARIANT_SECTION = /(?<![\d.])([89]\d\d)(?!\d|\.\d)/g;
/** A rule's number (not a glossary entry's key). */
const RULE = /^\d{3}\.\d/;

/** What the prior reads of the records' texts (serialisable: a prepared index keeps it). */
export interface PriorFacts {
  /** Per record: how many times other records cite its number. */
  cites: number[];
  /** Records that are lists of names. */
  lists: number[];
  /** Records whose text refers to HUB_REFS or more other rules. */
  hubs: number[];
  /** Index tokens of the variant headings that no core heading holds. */
  variantWords: string[];
  /** Core rules that open on a variant and refer to its rules (`704.6b In a Two-Headed Giant game, …`): variant rules too. */
  variantBound: number[];
}

/**
 * Reads the citations, lists, maps of other rules and variant words of the records.
 * @param headingTokens index tokens of a heading's text (the engine's tokenizer)
 */
export function priorFacts(records: SearchRecord[], headingTokens: (text: string) => string[]): PriorFacts {
  const byNumber = new Map<string, number>();
  records.forEach(([num], i) => byNumber.set(num, i));
  const cites = new Array<number>(records.length).fill(0);
  const lists: number[] = [];
  const hubs: number[] = [];
  const core = new Set<string>();
  const variantTokens = new Set<string>();
  const refersToVariant: number[] = [];
  records.forEach(([num, flags, body, examples], i) => {
    if (!body && !examples) return; // a number alone (the head's other records)
    const refers = new Set<number>();
    let variantRef = false;
    for (const m of `${body} ${examples}`.matchAll(REF)) {
      const j = byNumber.get(m[1]!);
      if (j === undefined || j === i) continue;
      if (cites[j]! < 65535) cites[j]!++;
      if (m.index! < body.length) {
        refers.add(j);
        if (VARIANT_NUMBER.test(m[1]!)) variantRef = true;
      }
    }
    if (refers.size >= HUB_REFS) hubs.push(i);
    for (const m of body.matchAll(VARIANT_SECTION)) if (byNumber.has(m[1]!)) variantRef = true;
    if (variantRef && RULE.test(num) && !(flags & TITLE) && !VARIANT_NUMBER.test(num)) refersToVariant.push(i);
    if (flags & TITLE) for (const t of headingTokens(body)) (VARIANT_NUMBER.test(num) ? variantTokens : core).add(t);
    // A list of names: many commas for its words (205.3m has hundreds of creature types).
    const commas = (body.match(/[,、，]/g) ?? []).length;
    if (!(flags & TITLE) && commas >= 20 && commas * 3 >= body.split(/\s+/).length) lists.push(i);
  });
  const variantWords = [...variantTokens].filter((t) => !core.has(t));
  const words = new Set(variantWords);
  // Its first clause names the variant: `In a Commander game, …` (not 104.5 `If a player loses the game, …`, which refers to 800.4 only later).
  const variantBound = refersToVariant.filter((i) => headingTokens(firstClause(records[i]![2])).some((t) => words.has(t)));
  return { cites, lists, hubs, variantWords, variantBound };
}

/** A text up to its first comma or full stop, in any of the three scripts. */
function firstClause(text: string): string {
  const m = /[,、，.。]/.exec(text.replace(/(\d)\.(\d)/g, '$1_$2')); // not a rule number's dot
  return m ? text.slice(0, m.index) : text;
}

export class Prior {
  /** Per record: how many times other records cite its number. */
  readonly cites: Uint16Array;
  /** Per record: multiplier of its text score (variant and list rules count less). */
  private readonly damp: Float32Array;
  private readonly variant: Uint8Array;
  /** Per record: 1 for a section's heading (`111 Tokens`), which names a subject but answers no question. */
  private readonly sectionHead: Uint8Array;
  /** Index tokens of the variant headings that no core heading holds. */
  private readonly variantWords: Set<string>;
  /** Per record: the record of its section's heading and of its rule's heading (`702.19a` → 702, 702.19), or -1. */
  private readonly section: Int32Array;
  private readonly parent: Int32Array;

  /**
   * @param records the bundle's records
   * @param facts what `priorFacts` read of them (or a prepared index kept, record-index.ts)
   */
  constructor(records: SearchRecord[], facts: PriorFacts) {
    const n = records.length;
    const byNumber = new Map<string, number>();
    records.forEach(([num], i) => byNumber.set(num, i));
    this.cites = Uint16Array.from(facts.cites);
    this.damp = new Float32Array(n).fill(1);
    for (const i of facts.lists) this.damp[i] = LIST;
    for (const i of facts.hubs) this.damp[i]! *= HUB;
    this.variant = new Uint8Array(n);
    for (const i of facts.variantBound) this.variant[i] = 1;
    this.sectionHead = new Uint8Array(n);
    records.forEach(([num], i) => {
      if (VARIANT_NUMBER.test(num)) this.variant[i] = 1;
      if (/^\d{3}$/.test(num)) this.sectionHead[i] = 1;
    });
    this.variantWords = new Set(facts.variantWords);
    this.section = new Int32Array(n).fill(-1);
    this.parent = new Int32Array(n).fill(-1);
    const heading = (num: string) => {
      const j = byNumber.get(num);
      return j !== undefined && records[j]![1] & TITLE ? j : -1;
    };
    records.forEach(([num], i) => {
      const m = /^(\d{3})(?:\.(\d+)([a-z]*))?$/.exec(num);
      if (!m || m[2] === undefined) return;
      this.section[i] = heading(m[1]!);
      if (m[3]) this.parent[i] = heading(`${m[1]}.${m[2]}`);
    });
  }

  /**
   * The weight of the query terms a record lacks but one of its headings holds: per term, its alternatives'
   * bits (`termBits`) and its weight (`terms[k].weight`); `mask` says which alternatives each record matched.
   */
  headingCover(idx: number, mask: Uint32Array, termBits: readonly number[], terms: readonly { weight: number }[]): number {
    const s = this.section[idx]!;
    const p = this.parent[idx]!;
    const above = (s >= 0 ? mask[s]! : 0) | (p >= 0 ? mask[p]! : 0);
    if (!above) return 0;
    let w = 0;
    for (let k = 0; k < termBits.length; k++) if (!(mask[idx]! & termBits[k]!) && above & termBits[k]!) w += terms[k]!.weight;
    return w;
  }

  /** Whether a query (its index tokens) names a variant: then 8xx/9xx rules keep their full score. */
  namesVariant(tokens: Iterable<string>): boolean {
    for (const t of tokens) if (this.variantWords.has(t)) return true;
    return false;
  }

  /**
   * The multiplier of a record's text score.
   * @param topics the headings a question names inside it, marked (`marks`; headings.ts): a rule under one counts more
   */
  factor(idx: number, variantNamed: boolean, topics?: Uint8Array | null): number {
    const base = this.damp[idx]! * (this.variant[idx] && !variantNamed ? VARIANT : 1) * (topics && (topics[this.section[idx]!] || topics[this.parent[idx]!]) ? 1 + TOPIC : 1);
    return base * (1 + CITED * Math.log2(1 + this.cites[idx]!));
  }

  /** The headings a question names (record indices) as a mark per record, for `factor`. */
  marks(topics: Iterable<number>): Uint8Array {
    const out = new Uint8Array(this.sectionHead.length);
    for (const h of topics) out[h] = 1;
    return out;
  }

  /** The multiplier of a record's whole score when the query asks something (had question words): a section's heading counts less. */
  inQuestion(idx: number): number {
    return this.sectionHead[idx] ? SECTION_IN_QUESTION : 1;
  }
}
