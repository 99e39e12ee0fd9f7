/**
 * A bundle's search index made once and kept as JSON (the command line's `.cache/search/{id}.index.json`,
 * scripts/search-cache.ts): `prepareIndex` tokenises every record into it, `readPrepared` makes a RecordIndex of
 * it with the postings as they were written. A command answering one query (`cr search`, issue 25 item 6: ≤ 300 ms
 * wall) cannot spend most of that tokenising rules it never shows.
 *
 * Server-side only: the browser's worker tokenises its bundle itself (RecordIndex.build), and this module stays out
 * of its first download (issue 22: ≤ 60 KB gzip with the head). tests/search/prepared.test.ts holds the two ways to
 * the same rankings on the relevance sets.
 */
import { glossaryNameKeys, RecordIndex, tokenize } from './record-index.ts';
import { indexTokens } from './text.ts';
import { priorFacts, type PriorFacts } from './prior.ts';
import type { SearchBundle } from './types.ts';

/** The serialised index of one bundle (`prepareIndex`); `v` changes with its shape. */
export interface PreparedIndex {
  v: 5;
  records: number;
  /** Every indexed token, sorted (UTF-16 code units, as `Array.prototype.sort`). */
  tokens: string[];
  /** Per token (same order): records whose body holds it, ascending. */
  body: number[][];
  /** Per token: records whose examples hold it and whose body does not, ascending. */
  examples: number[][];
  /** Per token: records only the words players ask them by hold it in (neither body nor examples), ascending. */
  asked: number[][];
  /** Per record: body tokens + EXAMPLE_FACTOR × example tokens (repeats counted). */
  length: number[];
  /** Per record holding one: the body tokens it holds more than once, and how often. */
  repeats: [idx: number, counts: [token: string, count: number][]][];
  /** Headings: record index, number of distinct body tokens, comparison keys. */
  titles: [idx: number, size: number, keys: string[]][];
  /** Citations, lists and variant words (prior.ts). */
  prior: PriorFacts;
  /** Per glossary entry (the bundle's order): the keys of its names (`glossaryNameKeys`). */
  glossary: string[][];
}

/** What a searcher takes of a prepared index (engine.ts): the index itself, and what it would otherwise compute. */
export interface ReadIndex {
  index: RecordIndex;
  /** The vocabulary, sorted. */
  tokens: string[];
  prior: PriorFacts;
  glossary: string[][];
}

/** Tokenises a bundle's records once into the serialisable form `readPrepared` reads. */
export function prepareIndex(bundle: Pick<SearchBundle, 'records' | 'glossary'>): PreparedIndex {
  const { records } = bundle;
  const ids = new Map<string, number>();
  const body: number[][] = [];
  const examples: number[][] = [];
  const asked: number[][] = [];
  const tokens: string[] = [];
  const id = (t: string) => {
    let i = ids.get(t);
    if (i === undefined) {
      i = tokens.push(t) - 1;
      ids.set(t, i);
      body.push([]);
      examples.push([]);
      asked.push([]);
    }
    return i;
  };
  const length: number[] = [];
  const repeats: PreparedIndex['repeats'] = [];
  const titles: PreparedIndex['titles'] = [];
  records.forEach((record, idx) => {
    const r = tokenize(record);
    length.push(r.length);
    if (r.repeats.length) repeats.push([idx, r.repeats]);
    for (const t of r.bodySet) body[id(t)]!.push(idx);
    for (const t of r.exOnly) examples[id(t)]!.push(idx);
    for (const t of r.askOnly) asked[id(t)]!.push(idx);
    if (r.title) titles.push([idx, r.title.size, r.title.keys]);
  });
  // Tokens in sorted order (the vocabulary's own order: it then sorts nothing at start).
  const order = tokens.map((_, i) => i).sort((a, b) => (tokens[a]! < tokens[b]! ? -1 : tokens[a]! > tokens[b]! ? 1 : 0));
  return { v: 5, records: records.length, tokens: order.map((i) => tokens[i]!), body: order.map((i) => body[i]!), examples: order.map((i) => examples[i]!), asked: order.map((i) => asked[i]!), length, repeats, titles, prior: priorFacts(records, indexTokens), glossary: glossaryNameKeys(bundle) };
}

/** The index `prepareIndex` wrote for these records; throws when it is of other records or another shape. */
export function readPrepared(bundle: Pick<SearchBundle, 'records' | 'glossary'>, p: PreparedIndex): ReadIndex {
  const { records } = bundle;
  if (p?.glossary?.length !== (bundle.glossary ?? []).length || p.v !== 5 || !Array.isArray(p.repeats) || p.records !== records.length || p.length?.length !== records.length || p.tokens?.length !== p.body?.length || p.tokens.length !== p.examples?.length || p.tokens.length !== p.asked?.length || p.prior?.cites?.length !== records.length || !Array.isArray(p.prior.hubs) || !Array.isArray(p.prior.variantBound)) {
    throw new Error('prepared search index: not of these records (rebuild it)');
  }
  const body = new Map<string, number[]>();
  const examples = new Map<string, number[]>();
  const asked = new Map<string, number[]>();
  const kinds = { body, examples, asked };
  const none: number[] = [];
  const index = new RecordIndex(records, () => (kind, token) => kinds[kind].get(token) ?? none);
  p.tokens.forEach((t, i) => {
    const b = p.body[i]!;
    const e = p.examples[i]!;
    const a = p.asked[i]!;
    if (b.length) body.set(t, b);
    if (e.length) examples.set(t, e);
    if (a.length) asked.set(t, a);
    index.df.set(t, b.length + e.length + a.length);
  });
  index.length.set(p.length);
  for (const [idx, counts] of p.repeats) index.addRepeats(idx, counts);
  for (const [idx, size, keys] of p.titles) {
    index.titles.push({ idx, keys });
    index.titleSize[idx] = size;
  }
  return { index, tokens: p.tokens, prior: p.prior, glossary: p.glossary };
}
