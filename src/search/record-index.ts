/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * What the engine indexes of a bundle's records, apart from how it ranks them (engine.ts): per record
 * its tokens (body, and examples the body lacks), its length for BM25, its heading keys, its compact
 * keys for phrase checks and its adjacent word pairs (proximity.ts; both made when the record is first
 * a candidate, either way below), its normalised text for snippets; per token the records holding it
 * (the postings) and their count (df).
 *
 * A record may carry the words players ask it by (`asked`, content/search/asked.{lang}.json): their tokens that
 * neither its body nor its examples hold are a third kind of posting, never shown (asked.ts).
 *
 * It also keeps how often a record's body repeats a token (BM25's term frequency: 608.2b says
 * "target" ten times, so a question about targets finds it before short rules that say it once).
 *
 * Two ways to get it, with the same answers:
 *   - `RecordIndex.build`: tokenises every record and fills FlexSearch (the browser worker, which
 *     indexes once per page; ≈ 250 ms for 4,000 rules in Node);
 *   - prepared-index.ts `readPrepared`: reads what `prepareIndex` wrote (the tokens and postings as JSON):
 *     a command line answering one query (`cr search`, issue 25 item 6: ≤ 300 ms wall) cannot spend
 *     most of that tokenising rules it never shows. The snippet texts are then made per record when
 *     first asked for (the few rows of a query).
 * tests/search/prepared.test.ts holds the two to the same rankings on the relevance sets.
 */
import { Index } from './flexsearch.ts';
import { TITLE, type SearchBundle, type SearchRecord } from './types.ts';
import { bigrams, foldedPiece, normalize, normalizeMapped, pieces, pieceTokens, wordStarts, type Mapped, type Piece } from './text.ts';
import { splitBilingual } from './titles.ts';
import { escapeRe, SNIPPET_SCAN } from './snippet.ts';
import { EXAMPLE_FACTOR } from './weights.ts';
import { PairNumbers, textPairs } from './proximity.ts';

/** Lowercased letters and digits only, plurals folded: the key headings and queries are compared on. */
export function titleKey(text: string): string {
  return pieceKey(pieces(normalize(text)));
}

const pieceKey = (ps: Piece[]) => ps.map(foldedPiece).join('');

/** Where a record holds a token: its body, its examples only, or only the words players ask it by. */
export type PostingKind = 'body' | 'examples' | 'asked';

/** Per glossary entry of a bundle, the comparison keys of its names (term, English, reading), empty ones left out. */
export function glossaryNameKeys(bundle: Pick<SearchBundle, 'glossary'>): string[][] {
  return (bundle.glossary ?? []).map((g) => [g.t, g.e, g.r].map((name) => (name ? titleKey(name) : '')).filter(Boolean));
}

/** One record's tokens, as both ways of indexing read them. */
export interface RecordTokens {
  norm: Mapped;
  bodySet: Set<string>;
  /** Example tokens the body lacks, distinct. */
  exOnly: string[];
  /** Asked-by tokens neither the body nor the examples hold, distinct. */
  askOnly: string[];
  /** Body tokens held more than once, and how often. */
  repeats: [string, number][];
  length: number;
  title?: { keys: string[]; size: number };
}

function snippetText(body: string, norm: string, mapped: boolean): Mapped {
  if (!mapped) return { norm: norm.length > SNIPPET_SCAN ? norm.slice(0, SNIPPET_SCAN) : norm };
  // Offsets within the scanned part (≤ SNIPPET_SCAN) fit in 16 bits.
  const scan = normalizeMapped(body.length > SNIPPET_SCAN ? body.slice(0, SNIPPET_SCAN) : body);
  return scan.map ? { norm: scan.norm, map: Uint16Array.from(scan.map) } : { norm: scan.norm };
}

/** What a record with no text (the head's records other than headings and glossary entries: head.ts) holds. Shared, never changed. */
const NO_TOKENS: RecordTokens = { norm: { norm: '' }, bodySet: new Set(), exOnly: [], askOnly: [], repeats: [], length: 0 };

/** A record's tokens (body, examples, asked-by words), length, repeats and heading keys: what both ways of indexing read. */
export function tokenize([, flags, body, examples, asked]: SearchRecord): RecordTokens {
  if (!body && !examples && !asked && !(flags & TITLE)) return NO_TOKENS;
  // One normalisation per record for the tokens, the phrase key and the snippets.
  const { norm, map } = normalizeMapped(body);
  const ps = pieces(norm);
  const bt = pieceTokens(ps);
  const bodyKey = pieceKey(ps);
  const eps = examples ? pieces(normalize(examples)) : [];
  const et = pieceTokens(eps);
  const length = bt.length + EXAMPLE_FACTOR * et.length;
  et.push(...wordStarts(eps));
  const bodySet = new Set(bt);
  const counts = new Map<string, number>();
  for (const t of bt) counts.set(t, (counts.get(t) ?? 0) + 1);
  const repeats = [...counts].filter(([, c]) => c > 1);
  for (const w of wordStarts(ps)) bodySet.add(w);
  const exOnly = [...new Set(et.filter((t) => !bodySet.has(t)))];
  const aps = asked ? pieces(normalize(asked)) : [];
  const held = new Set(exOnly);
  const askOnly = [...new Set([...pieceTokens(aps), ...wordStarts(aps)])].filter((t) => !bodySet.has(t) && !held.has(t));
  const out: RecordTokens = { norm: snippetText(body, norm, map !== undefined), bodySet, exOnly, askOnly, repeats, length };
  if (flags & TITLE) {
    const [native, english] = splitBilingual(body);
    out.title = { keys: [...new Set([bodyKey, ...[native, english].filter(Boolean).map(titleKey)])].filter(Boolean), size: bodySet.size };
  }
  return out;
}

const PART_FIELD = { body: 2, examples: 3, asked: 4 } as const;
const PARTS = Object.keys(PART_FIELD) as PostingKind[];

/** A part of a record compacted: lowercase letters and digits (phrase checks), and its adjacent word pairs. */
interface Compact {
  key: string;
  /** Numbered (`PairNumbers`), ascending. */
  pairs: Int32Array;
}

export class RecordIndex {
  readonly length: Float32Array;
  /** Records holding each token (body or examples). */
  readonly df = new Map<string, number>();
  /** Per record: for headings, their number of distinct tokens (-1 otherwise). */
  readonly titleSize: Int32Array;
  /** Heading records and their comparison keys, in record order. */
  readonly titles: { idx: number; keys: string[] }[] = [];
  private readonly norms: (Mapped | undefined)[];
  /** Per part of a record (body, examples, asked-by words): its compact key and word pairs, made when first asked for. */
  private readonly compacts: Record<PostingKind, (Compact | undefined)[]>;
  private readonly numbering = new PairNumbers();
  /** Per token: the records whose body holds it more than once, and how often. */
  private readonly repeats = new Map<string, Map<number, number>>();
  private readonly lookup: (kind: PostingKind, token: string) => number[];

  /**
   * An index of no token yet, whose postings `lookup` answers (`build` fills FlexSearch; prepared-index.ts reads a file).
   */
  constructor(private readonly records: SearchRecord[], lookup: (index: RecordIndex) => (kind: PostingKind, token: string) => number[]) {
    const n = records.length;
    this.length = new Float32Array(n);
    this.titleSize = new Int32Array(n).fill(-1);
    this.norms = new Array<Mapped | undefined>(n);
    this.compacts = { body: new Array(n), examples: new Array(n), asked: new Array(n) };
    this.lookup = lookup(this);
  }

  /** Tokenises every record into FlexSearch indexes (body, and examples the body lacks). */
  static build(records: SearchRecord[]): RecordIndex {
    const body = new Index({ tokenize: 'strict', encode: (s: string) => s.split(' ') });
    const examples = new Index({ tokenize: 'strict', encode: (s: string) => s.split(' ') });
    const asked = new Index({ tokenize: 'strict', encode: (s: string) => s.split(' ') });
    const kinds = { body, examples, asked };
    const index = new RecordIndex(records, () => (kind, token) => kinds[kind].search(token, { limit: 100_000 }) as number[]);
    records.forEach((record, idx) => {
      const r = tokenize(record);
      index.norms[idx] = r.norm;
      index.length[idx] = r.length;
      index.addRepeats(idx, r.repeats);
      for (const t of r.bodySet) index.df.set(t, (index.df.get(t) ?? 0) + 1);
      for (const t of r.exOnly) index.df.set(t, (index.df.get(t) ?? 0) + 1);
      for (const t of r.askOnly) index.df.set(t, (index.df.get(t) ?? 0) + 1);
      if (r.bodySet.size) body.add(idx, [...r.bodySet].join(' '));
      if (r.exOnly.length) examples.add(idx, r.exOnly.join(' '));
      if (r.askOnly.length) asked.add(idx, r.askOnly.join(' '));
      if (r.title) {
        index.titles.push({ idx, keys: r.title.keys });
        index.titleSize[idx] = r.title.size;
      }
    });
    return index;
  }

  /**
   * Whether some rule's text or examples write a Korean word's start or a whole katakana word: the records holding its
   * rarest bigram are read (`활성하` and `スダック` have only bigrams the rules use elsewhere; cjk-spelling.ts).
   * A Korean word starts a word (particles follow it); a katakana word is whole (`スタック`, not `スダック`).
   * @param postings the caller's cached postings (the searcher's), FlexSearch's lookup otherwise
   */
  writes(word: string, postings: (kind: PostingKind, token: string) => number[] = (k, t) => this.postings(k, t)): boolean {
    let seen = this.written.get(word);
    if (seen !== undefined) return seen;
    const grams = bigrams(word);
    let rare = grams[0]!;
    for (const g of grams) if ((this.df.get(g) ?? 0) < (this.df.get(rare) ?? 0)) rare = g;
    const at = /^[\p{Script=Katakana}ー]+$/u.test(word)
      ? new RegExp(`(?<![\\p{Script=Katakana}ー])${escapeRe(word)}(?![\\p{Script=Katakana}ー])`, 'u')
      : new RegExp(`(?:^|[^\\p{Script=Hangul}])${escapeRe(word)}`, 'u');
    seen = postings('body', rare).some((d) => at.test(this.bodyNorm(d).norm)) || postings('examples', rare).some((d) => at.test(normalize(this.records[d]![3])));
    if (this.written.size > 2000) this.written.clear();
    this.written.set(word, seen);
    return seen;
  }

  private readonly written = new Map<string, boolean>();

  /** Records holding `token` in their body, only in their examples, or only in the words players ask them by. */
  postings(kind: PostingKind, token: string): number[] {
    return this.lookup(kind, token);
  }

  /** Records how often a record's body holds the tokens it holds more than once. */
  addRepeats(idx: number, counts: [string, number][]): void {
    for (const [t, c] of counts) {
      let m = this.repeats.get(t);
      if (!m) this.repeats.set(t, (m = new Map()));
      m.set(idx, c);
    }
  }

  /** The records whose body holds a token more than once, and how often (read once per query token). */
  repeatsOf(token: string): ReadonlyMap<number, number> | undefined {
    return this.repeats.get(token);
  }

  /** A part of a record as its compact key and word pairs (one normalisation for both). */
  private compact(idx: number, part: PostingKind): Compact {
    const have = this.compacts[part][idx];
    if (have) return have;
    const text = this.records[idx]![PART_FIELD[part]];
    const ps = text ? pieces(normalize(text)) : [];
    const folded = ps.map(foldedPiece);
    return (this.compacts[part][idx] = { key: folded.join(''), pairs: this.numbering.number(textPairs(ps, folded)) });
  }

  /** The compact key of a record's body (phrase checks). */
  bodyKey(idx: number): string {
    return this.compact(idx, 'body').key;
  }

  /** The compact key of a record's examples ('' without). */
  exampleKey(idx: number): string {
    return this.compact(idx, 'examples').key;
  }

  /** The adjacent word pairs of a record's body, examples or asked-by words, numbered (proximity.ts). */
  pairs(idx: number, part: PostingKind): Int32Array {
    return this.compact(idx, part).pairs;
  }

  /**
   * A query's pairs by number, once the texts of its `count` first `candidates` are numbered (a key no numbered
   * text holds is -1: a candidate's text numbered later could otherwise hold a key the query looked up before).
   */
  pairNumbers(keys: readonly string[], candidates: ArrayLike<number>, count: number): Int32Array {
    for (let i = 0; i < count; i++) for (const part of PARTS) this.compact(candidates[i]!, part);
    return this.numbering.lookUp(keys);
  }

  /** Each phrase players ask a record by (its asked-by line), as its index tokens numbered (`phraseNumbers`); made when first asked for. */
  askedPhrases(idx: number): Int32Array[] {
    let have = this.phrases[idx];
    if (!have) {
      const line = this.records[idx]![4];
      this.phrases[idx] = have = line ? line.split(';').map((ph) => {
        const ps = pieces(normalize(ph));
        return this.phraseNumbers.number([...new Set([...pieceTokens(ps), ...wordStarts(ps)])]);
      }) : [];
    }
    return have;
  }

  private readonly phrases: (Int32Array[] | undefined)[] = [];
  /** The numbers of the tokens the asked-by phrases made so far hold (the same numbering as word pairs'). */
  readonly phraseNumbers = new PairNumbers();

  /**
   * The part of a record's body a snippet looks through, normalised (with the offset map when a
   * character dropped or expanded, as `・` does in Japanese): snippets then find their highlights
   * without normalising the rule again.
   */
  bodyNorm(idx: number): Mapped {
    if (!this.norms[idx]) {
      const body = this.records[idx]![2];
      const { norm, map } = normalizeMapped(body);
      this.norms[idx] = snippetText(body, norm, map !== undefined);
    }
    return this.norms[idx];
  }
}
