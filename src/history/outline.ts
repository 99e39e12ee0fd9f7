/**
 * The compare page's light history (issue 24: a first view of any two editions in ≤ 150 KB). The differ needs every
 * text of the history (the store: ~400 KB compressed) only to tell how two texts of a rule differ; that depends on
 * the texts alone, except for "references only", which also asks whether each differing number was renumbered so
 * between the two editions compared. So the build precomputes, for every pair of spans of every chain, what the texts
 * say (textChange: same, real, typography, or a references candidate with its numbers) and how their examples pair
 * up, and writes it with the chains' spans but no texts (the outline). The browser then gives exactly the entries and
 * counts of diffEditions (tested against it) without texts, and fetches the texts of a section only when it is
 * opened (slices: the store cut by each chain's last section, diffed with diffChains).
 */
import { classify, count, diffChains, emptyCounts, pairExamples, resolveChange, sortDiff, textChange, type ChangeKindOfText, type DiffEntry, type EditionDiff, type ExampleEntry, type TextChange } from './diff.ts';
import { renumberMap, spanAt, spanIndexAt, type HistoryStore, type Span } from './store.ts';
import { groupSection } from '../model/rule-number.ts';

export interface HistoryOutline {
  format: 'cr-atlas-history-outline/3';
  editions: string[];
  /**
   * Per rule chain, its spans joined by `|`, each `[from-][to][*examples][=key]`: `from` is left out when it follows
   * the previous span (or is the first edition for the first), `to` when it is the latest edition, the key when it is
   * the previous span's.
   */
  rules: string[];
  glossary: string[];
  /**
   * Per chain, one letter per pair of its spans (i < j, row by row): s same text, r real change, t typography only,
   * F references only (whichever editions of the two spans are compared), f references only for some (see refs).
   */
  ruleKinds: string[];
  glossaryKinds: string[];
  /**
   * Per rule chain, the pairs of its spans whose example lists differ, in pair order, joined by `;`: each
   * `[skip]:list`, where `skip` is how many pairs were passed over since the previous one listed (left out when none)
   * and `list` the examples' pairs `i.j<letter>`, comma-separated (exampleLists reads it back).
   */
  examples: string[];
  /** `r.chain.pair`, `g.chain.pair`, `e.chain.pair.i` → the differing reference numbers (old, new) of a candidate. */
  refs: Record<string, [string, string][]>;
  /** Rule chain → the text of each span whose number is a section's (`702`), else '' (the compare page's headings). */
  titles: Record<string, string[]>;
  /** A slice cut in parts (its texts over SLICE_CHARS): the chain each part after the first begins with (sliceOf). */
  sliceParts: Record<string, number[]>;
}

/**
 * Glossary chain → per span, the runs of letters, digits and dots with a digit in its definition, lower case
 * (`702.19c`): what a rule-number filter looks for in a glossary entry's text (history-groups.ts, `matches`). A file
 * of its own, read only when the compare page is filtered by a number.
 */
export interface GlossaryNumbers {
  format: 'cr-atlas-history-glossary-numbers/1';
  numbers: Record<string, string[]>;
}

/** One store cut (the chains whose last number is in one section, or the glossary), with their texts. */
export interface HistorySlice {
  format: 'cr-atlas-history-slice/1';
  /** Whether the chains are glossary entries' (else rules'). */
  glossary: boolean;
  /** The chains' indices in the store's rules (or glossary). */
  ids: number[];
  chains: Span[][];
  texts: string[];
}

/** Index of the pair (i < j) among the k(k−1)/2 pairs of k spans, row by row. */
export const pairIndex = (k: number, i: number, j: number) => (i * (2 * k - i - 1)) / 2 + (j - i - 1);

/** A slice's texts are cut in parts of about this many characters (a compare section opened fetches its parts only). */
const SLICE_CHARS = 40_000;

/** The section a chain's texts are kept with: the section of its last number, or `glossary`. */
const sliceSection = (chain: readonly Span[], glossary: boolean) => (glossary ? 'glossary' : groupSection(chain[chain.length - 1]![2]));

/** The slice chain `c` is in: its section (`702`), or a part of it (`702-3`) where the section is cut in parts. */
export function sliceOf(parts: HistoryOutline['sliceParts'], chain: readonly Span[], c: number, glossary: boolean): string {
  const section = sliceSection(chain, glossary);
  const starts = parts[section];
  if (!starts) return section;
  let k = 0;
  while (k < starts.length && starts[k]! <= c) k++;
  return k === 0 ? section : `${section}-${k + 1}`;
}

/** Where the slices are cut: per section, the chains that begin its second, third… part (in store order). */
function slicePartStarts(store: HistoryStore): HistoryOutline['sliceParts'] {
  const size = new Map<string, number>();
  const out: HistoryOutline['sliceParts'] = {};
  const add = (chain: readonly Span[], c: number, glossary: boolean) => {
    const section = sliceSection(chain, glossary);
    const chars = [...new Set(chain.flatMap((s) => [s[3], ...s[4]]))].reduce((n, t) => n + store.texts[t]!.length, 0);
    const before = size.get(section) ?? 0;
    if (before > 0 && before + chars > SLICE_CHARS) {
      (out[section] ??= []).push(c);
      size.set(section, chars);
    } else size.set(section, before + chars);
  };
  store.rules.forEach((chain, c) => add(chain, c, false));
  store.glossary.forEach((chain, c) => add(chain, c, true));
  return out;
}

const SECTION = /^\d{3}$/;

function encodeChain(chain: readonly Span[], last: number): string {
  const bar = chain.find((s) => s[2].includes('|'));
  if (bar) throw new Error(`history outline: the key "${bar[2]}" holds "|", which separates spans`);
  return chain
    .map((s, i) => {
      const prev = chain[i - 1];
      const from = s[0] === (prev ? prev[1] + 1 : 0) ? '' : `${s[0]}-`;
      return `${from}${s[1] === last ? '' : s[1]}${s[4].length ? `*${s[4].length}` : ''}${prev && prev[2] === s[2] ? '' : `=${s[2]}`}`;
    })
    .join('|');
}

/**
 * Resolves references candidates where the editions do not matter: `F` when every edition of span `a` against every
 * edition of span `b` renumbers each differing number so, `r` when none does; else `f` with the numbers kept.
 */
function candidateLetter(store: HistoryStore, chainAt: readonly Map<string, number>[]) {
  const numberAt = (c: number | undefined, e: number) => (c === undefined ? undefined : (spanAt(store.rules[c]!, e)?.[2] ?? null));
  return (c: TextChange, a: Span, b: Span, key: string, refs: HistoryOutline['refs']): string => {
    if (typeof c === 'string') return c === 'same' ? 's' : c === 'real' ? 'r' : 't';
    let seen: boolean | undefined;
    for (let f = a[0]; f <= a[1]; f++) {
      for (let t = Math.max(b[0], f + 1); t <= b[1]; t++) {
        const ok = c.refs.every(([x, y]) => numberAt(chainAt[f]!.get(x), t) === y);
        if (seen === undefined) seen = ok;
        else if (seen !== ok) {
          refs[key] = c.refs;
          return 'f';
        }
      }
    }
    return seen ? 'F' : 'r';
  };
}

/** The maximal runs of `[0-9a-z.]` holding a digit in a text, lower case, space-separated: a number query (digits,
 * dots, a letter) is in the text exactly when it is inside one of them. */
const numberRuns = (text: string) => (text.toLowerCase().match(/[0-9a-z.]+/g) ?? []).filter((r) => /\d/.test(r)).join(' ');

/** The outline of a store (the build writes it beside the store). */
export function buildOutline(store: HistoryStore): HistoryOutline {
  const out: HistoryOutline = { format: 'cr-atlas-history-outline/3', editions: store.editions, rules: [], glossary: [], ruleKinds: [], glossaryKinds: [], examples: [], refs: {}, titles: {}, sliceParts: slicePartStarts(store) };
  const last = store.editions.length - 1;
  // Number → chain in each edition (the first chain wins, as in renumberMap).
  const chainAt = store.editions.map((_, e) => {
    const m = new Map<string, number>();
    store.rules.forEach((chain, c) => {
      const s = spanAt(chain, e);
      if (s && !m.has(s[2])) m.set(s[2], c);
    });
    return m;
  });
  const letter = candidateLetter(store, chainAt);
  const kindsOf = (chain: readonly Span[], prefix: string, c: number) => {
    let s = '';
    for (let i = 0; i < chain.length; i++) {
      for (let j = i + 1; j < chain.length; j++) {
        const [a, b] = [chain[i]!, chain[j]!];
        s += a[3] === b[3] ? 's' : letter(textChange(store.texts[a[3]]!, store.texts[b[3]]!), a, b, `${prefix}.${c}.${pairIndex(chain.length, i, j)}`, out.refs);
      }
    }
    return s;
  };
  store.rules.forEach((chain, c) => {
    out.rules.push(encodeChain(chain, last));
    out.ruleKinds.push(kindsOf(chain, 'r', c));
    if (chain.some((s) => SECTION.test(s[2]))) out.titles[c] = chain.map((s) => (SECTION.test(s[2]) ? store.texts[s[3]]! : ''));
    const lists: string[] = [];
    let previous = -1;
    for (let i = 0; i < chain.length; i++) {
      for (let j = i + 1; j < chain.length; j++) {
        const [a, b] = [chain[i]!, chain[j]!];
        const [olds, news] = [a[4], b[4]];
        if (olds.length === news.length && olds.every((x, n) => x === news[n])) continue;
        const p = pairIndex(chain.length, i, j);
        const list = pairExamples(store.texts, olds, news, false)
          .map(([x, y]) => `${x}.${y}${olds[x] === news[y] ? 's' : letter(textChange(store.texts[olds[x]!]!, store.texts[news[y]!]!), a, b, `e.${c}.${p}.${x}`, out.refs)}`)
          .join(',');
        lists.push(`${p - previous - 1 || ''}:${list}`);
        previous = p;
      }
    }
    out.examples.push(lists.join(';'));
  });
  store.glossary.forEach((chain, c) => {
    out.glossary.push(encodeChain(chain, last));
    out.glossaryKinds.push(kindsOf(chain, 'g', c));
  });
  return out;
}

/** The number runs of every glossary entry's texts (the build writes them beside the outline). */
export function buildGlossaryNumbers(store: HistoryStore): GlossaryNumbers {
  const numbers: GlossaryNumbers['numbers'] = {};
  store.glossary.forEach((chain, c) => {
    const runs = chain.map((sp) => numberRuns(store.texts[sp[3]]!));
    if (runs.some(Boolean)) numbers[c] = runs;
  });
  return { format: 'cr-atlas-history-glossary-numbers/1', numbers };
}

/** The store cut into slices by sliceOf, each with its own texts (renumbered from 0). */
export function buildSlices(store: HistoryStore, parts: HistoryOutline['sliceParts'] = slicePartStarts(store)): Map<string, HistorySlice> {
  const out = new Map<string, HistorySlice & { textIds: Map<number, number> }>();
  const add = (chain: Span[], id: number, glossary: boolean) => {
    const home = sliceOf(parts, chain, id, glossary);
    const slice = out.get(home) ?? out.set(home, { format: 'cr-atlas-history-slice/1', glossary, ids: [], chains: [], texts: [], textIds: new Map() }).get(home)!;
    const local = (t: number) => {
      let n = slice.textIds.get(t);
      if (n === undefined) slice.textIds.set(t, (n = slice.texts.push(store.texts[t]!) - 1));
      return n;
    };
    slice.ids.push(id);
    slice.chains.push(chain.map((s) => [s[0], s[1], s[2], local(s[3]), s[4].map(local)]));
  };
  store.rules.forEach((chain, c) => add(chain, c, false));
  store.glossary.forEach((chain, c) => add(chain, c, true));
  return new Map([...out].map(([home, { textIds: _, ...slice }]) => [home, slice]));
}

/** An outline read back: chains as spans without texts (text −1; examples as many −1 as the span has). */
export interface OutlineStore {
  outline: HistoryOutline;
  /** Shaped as a store, so the store's functions (spanAt, renumberMap) apply. */
  store: HistoryStore;
  /** The glossary entries' number runs, once read (a number filter needs them). */
  numbers?: GlossaryNumbers['numbers'];
}

/** A rule chain's example lists (HistoryOutline.examples), pair index → list. */
export function exampleLists(encoded: string): Map<number, string> {
  const out = new Map<number, string>();
  if (encoded === '') return out;
  let p = -1;
  for (const part of encoded.split(';')) {
    const colon = part.indexOf(':');
    p += 1 + (colon > 0 ? Number(part.slice(0, colon)) : 0);
    out.set(p, part.slice(colon + 1));
  }
  return out;
}

/** Example lists of the outline's spans hold no texts: one shared list of −1s per length. */
const noTexts: number[][] = [];
const examplesOf = (n: number) => (noTexts[n] ??= new Array<number>(n).fill(-1));

/** Reads `[from-][to][*examples][=key]` spans (encodeChain). */
function decodeChain(encoded: string, last: number): Span[] {
  let key = '';
  let to = -1;
  return encoded.split('|').map((part): Span => {
    // Most spans are only where they end (`42`), or end with the latest edition (``): no pattern needed.
    if (key !== '' && (part === '' || PLAIN.test(part))) {
      const from = to + 1;
      to = part === '' ? last : Number(part);
      return [from, to, key, -1, examplesOf(0)];
    }
    const m = SPAN.exec(part);
    if (!m || (m[4] === undefined && key === '')) throw new Error(`history outline: unreadable span "${part}"`);
    if (m[4] !== undefined) key = m[4];
    const from = m[1] === undefined ? to + 1 : Number(m[1]);
    to = m[2] === '' ? last : Number(m[2]);
    return [from, to, key, -1, examplesOf(m[3] === undefined ? 0 : Number(m[3]))];
  });
}
const SPAN = /^(?:(\d+)-)?(\d*)(?:\*(\d+))?(?:=(.*))?$/s;
const PLAIN = /^\d+$/;
/** Most rules have no example (shared, never written to). */
const NO_EXAMPLES: readonly ExampleEntry[] = [];

export function readOutline(outline: HistoryOutline): OutlineStore {
  const last = outline.editions.length - 1;
  const read = (chain: string) => decodeChain(chain, last);
  return { outline, store: { format: 'cr-atlas-history/1', editions: outline.editions, texts: [], rules: outline.rules.map(read), glossary: outline.glossary.map(read) } };
}

/** An entry of the outline's diff and the chain it comes from (to fetch its texts when its section is opened). */
export interface OutlineDiff {
  diff: EditionDiff;
  chainOf: Map<DiffEntry, number>;
  /** A glossary entry's number runs (both editions' texts), for a rule-number filter (when the store has them read). */
  numbersOf: Map<DiffEntry, string>;
}

/**
 * The entries and counts of diffEditions(store, from, to) without their texts, from the outline alone; null when
 * `from` is not older than `to` (the page then diffs from the store).
 */
export function outlineDiff({ outline, store, numbers }: OutlineStore, from: string, to: string): OutlineDiff | null {
  const f = store.editions.indexOf(from);
  const t = store.editions.indexOf(to);
  if (f < 0 || t < 0 || f >= t) return null;
  // Only a references candidate that depends on the editions asks what was renumbered.
  let renumber: Map<string, string | null> | undefined;
  const renumbered = (n: string) => (renumber ??= renumberMap(store, f, t)).get(n);
  // The refs' key is only built for the few letters that need it (thousands of chains are walked).
  const resolve = (l: string, refsKey: () => string): ChangeKindOfText =>
    l === 's' ? 'same' : l === 'r' ? 'real' : l === 't' ? 'typography' : l === 'F' ? 'references' : resolveChange({ refs: outline.refs[refsKey()] ?? [] }, renumbered);
  const diff: EditionDiff = { lang: 'en', old: from, new: to, summary: { rules: emptyCounts(), examples: emptyCounts(), glossary: emptyCounts() }, rules: [], examples: [], glossary: [] };
  const chainOf = new Map<DiffEntry, number>();
  const numbersOf = new Map<DiffEntry, string>();
  const make = <E extends DiffEntry>(e: E, kind: ChangeKindOfText): E => {
    if (kind === 'references' || kind === 'typography') e.only = kind;
    return e;
  };
  const walk = (chains: Span[][], kinds: string[], prefix: 'r' | 'g', counts: EditionDiff['summary']['rules'], list: DiffEntry[]) => {
    chains.forEach((chain, c) => {
      const ia = spanIndexAt(chain, f);
      const ib = spanIndexAt(chain, t);
      if (ia < 0 && ib < 0) return;
      const a = chain[ia];
      const b = chain[ib];
      const p = a && b && ia !== ib ? pairIndex(chain.length, ia, ib) : -1;
      const kind: ChangeKindOfText = !a || !b ? 'real' : p < 0 ? 'same' : resolve(kinds[c]!.charAt(p), () => `${prefix}.${c}.${p}`);
      if (kind === 'same' && a![2] === b![2]) counts.unchanged++;
      else {
        const e = make<DiffEntry>({ status: !a || !b ? (a ? 'removed' : 'added') : classify(a[2] !== b[2], kind), old: a ? a[2] : null, new: b ? b[2] : null }, kind);
        count(counts, e);
        list.push(e);
        chainOf.set(e, c);
        const runs = prefix === 'g' ? numbers?.[c] : undefined;
        if (runs) numbersOf.set(e, [runs[ia], runs[ib]].filter(Boolean).join(' '));
      }
      if (prefix === 'r') for (const x of outlineExamples(c, a, b, p)) {
        count(diff.summary.examples, x);
        if (x.status !== 'unchanged') {
          diff.examples.push(x);
          chainOf.set(x, c);
        }
      }
    });
  };
  const outlineExamples = (c: number, a: Span | undefined, b: Span | undefined, p: number): readonly ExampleEntry[] => {
    const [na, nb] = [a ? a[4].length : 0, b ? b[4].length : 0];
    if (na === 0 && nb === 0) return NO_EXAMPLES;
    const moved = !!a && !!b && a[2] !== b[2];
    const listed = p >= 0 ? exampleLists(outline.examples[c] ?? '').get(p) : undefined;
    if (a && b && listed === undefined && !moved) {
      // The same examples under the same number: all unchanged (counted, not listed).
      diff.summary.examples.unchanged += na;
      return [];
    }
    if (a && b && listed === undefined) {
      // The same examples under a new number: each moved, none added or removed.
      return a[4].map((_, i) => ({ status: 'moved', old: a[2], new: b[2], oldIndex: i + 1, newIndex: i + 1 }));
    }
    const pairs: [number, number, ChangeKindOfText][] =
      !a || !b || !listed
        ? []
        : listed.split(',').map((s) => {
            const m = /^(\d+)\.(\d+)([srtfF])$/.exec(s)!;
            return [Number(m[1]), Number(m[2]), resolve(m[3]!, () => `e.${c}.${p}.${m[1]}`)];
          });
    const out: ExampleEntry[] = pairs.map(([i, j, kind]) => make<ExampleEntry>({ status: classify(moved, kind), old: a![2], new: b![2], oldIndex: i + 1, newIndex: j + 1 }, kind));
    const [takenOld, takenNew] = [new Set(pairs.map((x) => x[0])), new Set(pairs.map((x) => x[1]))];
    for (let i = 0; i < na; i++) if (!takenOld.has(i)) out.push({ status: 'removed', old: a![2], new: null, oldIndex: i + 1, newIndex: null });
    for (let j = 0; j < nb; j++) if (!takenNew.has(j)) out.push({ status: 'added', old: null, new: b![2], oldIndex: null, newIndex: j + 1 });
    return out;
  };
  walk(store.rules, outline.ruleKinds, 'r', diff.summary.rules, diff.rules);
  walk(store.glossary, outline.glossaryKinds, 'g', diff.summary.glossary, diff.glossary);
  sortDiff(diff);
  return { diff, chainOf, numbersOf };
}

/** The sections' titles in edition `to`, else in `from` (as sectionTitles gives them from the store). */
export function outlineTitles({ outline, store }: OutlineStore, from: string, to: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of [store.editions.indexOf(to), store.editions.indexOf(from)]) {
    if (e < 0) continue;
    store.rules.forEach((chain, c) => {
      const i = spanIndexAt(chain, e);
      const s = chain[i];
      if (s && SECTION.test(s[2]) && !out.has(s[2])) out.set(s[2], outline.titles[c]?.[i] ?? '');
    });
  }
  return out;
}

/** The full entries (with texts) of some chains, from their slices, as diffEditions gives them. */
export function sliceDiff(os: OutlineStore, slices: readonly HistorySlice[], rules: ReadonlySet<number>, glossary: ReadonlySet<number>, from: string, to: string): EditionDiff {
  const renumber = renumberMap(os.store, os.store.editions.indexOf(from), os.store.editions.indexOf(to));
  const parts = slices.map((s) => {
    const chains = s.chains.filter((_, n) => (s.glossary ? glossary : rules).has(s.ids[n]!));
    return diffChains({ editions: os.store.editions, texts: s.texts }, s.glossary ? { rules: [], glossary: chains } : { rules: chains, glossary: [] }, from, to, (n) => renumber.get(n));
  });
  const d: EditionDiff = { lang: 'en', old: from, new: to, summary: { rules: emptyCounts(), examples: emptyCounts(), glossary: emptyCounts() }, rules: parts.flatMap((x) => x.rules), examples: parts.flatMap((x) => x.examples), glossary: parts.flatMap((x) => x.glossary) };
  sortDiff(d);
  return d;
}
