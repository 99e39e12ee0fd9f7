/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * Cross-language search around one site language. A query in another script is answered three
 * ways and the lists are fused (reciprocal rank, with exact heading/number/alias hits first):
 *   - the native index itself (Korean and Japanese headings carry English names: `돌진 Trample`);
 *   - the term dictionary (term bridge, glossary, headings aligned by number): `mulligan` →
 *     `マリガン`, `状況起因処理` → `State-Based Actions`;
 *   - the rule-number bridge: search the other language's index and map its rule numbers onto this
 *     edition (same numbers for the same edition date, a text alignment otherwise); Korean typed on
 *     the Japanese site (and Japanese on the Korean one) searches the other's head of the same edition.
 * Every hit says which language's text matched (`lang`).
 */
import type { Lang } from '../model/types.ts';
import { Searcher, titleKey, type Scored } from './engine.ts';
import { definitionalCore, koreanStem, normalize, queryScript } from './text.ts';
import type { SearchBundle, SearchHit, TermPair } from './types.ts';
import type { Bridge } from './head.ts';

export type BundleLoader = (id: string) => Promise<SearchBundle>;
/** Fetches the native bundle's term bridge and rule-number links (a head comes without them). */
export type BridgeLoader = () => Promise<Bridge>;

interface Candidate {
  /** Record index in the native searcher. */
  idx: number;
  fused: number;
  /** Weight of the list it came from in the fusion. */
  weight: number;
  strong: boolean;
  /** 2: a glossary entry the query names; 1: a rule defining or cited by it; 0: anything else. */
  tier: number;
  lang: Lang;
  make: () => SearchHit;
}

const STRONG = new Set(['number', 'title', 'alias', 'synonym-rule', 'glossary', 'definition']);
const RRF_K = 4;

// Comparison keys of a dictionary, computed once per dictionary and side.
const keyCache = new WeakMap<TermPair[], [string[], string[]]>();
function dictKeys(pairs: TermPair[], side: 0 | 1): string[] {
  let k = keyCache.get(pairs);
  if (!k) {
    k = [pairs.map((p) => titleKey(p[0])), pairs.map((p) => titleKey(p[1]))];
    keyCache.set(pairs, k);
  }
  return k[side];
}

/** Dictionary lookups: exact key first, then a term the query starts or is contained in. */
function lookupTerms(pairs: TermPair[], query: string, side: 0 | 1, lang: Lang): { term: string; exact: boolean }[] {
  const pairKeys = dictKeys(pairs, side);
  const keys = new Set([titleKey(query)]);
  if (lang === 'ko') {
    // `생물이` → `생물`, word by word.
    keys.add(titleKey(normalize(query).split(/\s+/).map((w) => koreanStem(w)[0]).join(' ')));
  }
  const exact: string[] = [];
  const partial: [string, number][] = [];
  for (let i = 0; i < pairs.length; i++) {
    const p = pairs[i]!;
    const k = pairKeys[i]!;
    if (!k) continue;
    for (const q of keys) {
      if (k === q) exact.push(p[1 - side]!);
      else if (q.length >= 2 && k.startsWith(q)) partial.push([p[1 - side]!, q.length / k.length]);
      else if (k.length >= 2 && q.startsWith(k)) partial.push([p[1 - side]!, (k.length / q.length) * 0.9]);
    }
  }
  partial.sort((a, b) => b[1] - a[1]);
  const out: { term: string; exact: boolean }[] = [];
  const seen = new Set<string>();
  for (const t of exact) if (!seen.has(t)) seen.add(t), out.push({ term: t, exact: true });
  // Partial matches only when nothing matched exactly (each costs a search).
  if (exact.length === 0) for (const [t] of partial) if (!seen.has(t) && out.length < 2) seen.add(t), out.push({ term: t, exact: false });
  return out.slice(0, 3);
}

/** The other of Japanese and Korean when a query in one is typed on the other's site, else null. */
function otherCjk(site: Lang, script: Lang): Lang | null {
  return (site === 'ja' && script === 'ko') || (site === 'ko' && script === 'ja') ? script : null;
}

export class SearchSession {
  native: Searcher;
  private readonly loader: BundleLoader | undefined;
  private readonly loaded = new Map<string, Searcher>();
  private readonly pending = new Map<string, Promise<Searcher | undefined>>();
  private readonly bridgeLoader: BridgeLoader | undefined;
  private bridge: Promise<void> | undefined;

  /**
   * @param native the site's language and edition
   * @param loader fetches another bundle (the English of the same edition, or the ja/ko bundle an
   *   English site bridges to); without it, search stays within the native index
   * @param bridgeLoader for a native head without its bridge: fetches it, once, before the first
   *   query in another script (a full bundle has it already)
   */
  constructor(native: Searcher, loader?: BundleLoader, bridgeLoader?: BridgeLoader) {
    this.native = native;
    this.loader = loader;
    this.bridgeLoader = bridgeLoader;
  }

  /** Whether a query crosses languages (needs the term bridge and another language's index). */
  private crossing(query: string): boolean {
    const script = queryScript(query);
    const lang = this.native.bundle.lang;
    return lang === 'en' ? script !== 'en' : script === 'en' && /[a-z]/i.test(query);
  }

  /** Adds the bridge to the native bundle (kept when the full bundle replaces the head: it has its own). */
  private ensureBridge(): Promise<void> {
    if (!this.bridgeLoader || this.native.bundle.part !== 'head') return Promise.resolve();
    this.bridge ??= this.bridgeLoader().then(
      (b) => {
        if (this.native.bundle.part !== 'head') return;
        this.native.bundle.dict = b.dict;
        this.native.bundle.foreign = b.foreign;
      },
      () => {
        // Without the bridge a cross-language query finds less; the next one tries again.
        this.bridge = undefined;
      },
    );
    return this.bridge;
  }

  /** Swaps the native searcher (the full bundle replacing the head); loaded bundles are kept. */
  replaceNative(searcher: Searcher): void {
    this.native = searcher;
  }

  /**
   * The query as the full-text index (Pagefind, one index per language) should see it: a term in
   * another language replaced by this language's name for it (`trample` → `トランプル` on the
   * Japanese site, `防御プレイヤー` → `Defending Player` on the English one), a whole-query synonym
   * by what it stands for (`SBA` → `state-based actions`), misspelled words by their corrections.
   */
  expand(query: string): string {
    const q = definitionalCore(normalize(query).trim());
    const native = this.native;
    const script = queryScript(q);
    if (native.bundle.lang !== 'en' && script === 'en') {
      const t = lookupTerms(native.bundle.dict, q, 1, 'en');
      if (t[0]?.exact) return t[0].term;
    } else if (native.bundle.lang === 'en' && script !== 'en') {
      const link = native.bundle.foreign[script];
      const t = link ? lookupTerms(link.dict, q, 0, script) : [];
      if (t[0]?.exact) return t[0].term;
    }
    return native.rewrite(q);
  }

  /** The query with the misspellings the native index corrected, or null (engine.ts `corrected`): what the boxes say they searched for. */
  corrected(query: string): string | null {
    return this.native.corrected(query);
  }

  /** Registers an already-built searcher (the CLI and tests share them). */
  provide(searcher: Searcher): void {
    this.loaded.set(searcher.bundle.id, searcher);
  }

  /** The other bundles a query needs (none for a same-script query). */
  needs(query: string): string[] {
    const script = queryScript(query);
    const b = this.native.bundle;
    if (b.lang !== 'en' && script === 'en' && b.english && /[a-z]/i.test(query)) return [b.english];
    if (b.lang === 'en' && script !== 'en') {
      const link = b.foreign[script];
      return link ? [link.bundle] : [];
    }
    const other = otherCjk(b.lang, script);
    return other ? [`${other}-${b.edition}`] : [];
  }

  private async ensure(id: string): Promise<Searcher | undefined> {
    if (this.loaded.has(id)) return this.loaded.get(id);
    if (!this.loader) return undefined;
    let p = this.pending.get(id);
    if (!p) {
      p = this.loader(id).then(
        (bundle) => {
          const s = new Searcher(bundle);
          this.loaded.set(id, s);
          return s;
        },
        () => undefined,
      );
      this.pending.set(id, p);
    }
    return p;
  }

  /** Loads what the query needs, then searches. */
  async search(query: string, limit = 10): Promise<SearchHit[]> {
    if (this.crossing(query)) await this.ensureBridge();
    await Promise.all(this.needs(query).map((id) => this.ensure(id)));
    return this.searchLoaded(query, limit);
  }

  /** Searches with whatever is already loaded (synchronous; the bench measures this). */
  searchLoaded(query: string, limit = 10): SearchHit[] {
    const native = this.native;
    const script = queryScript(query);
    const lists: Candidate[][] = [];
    const nativeRanked = native.rank(query, 20);
    // Latin words in ja/ko text are incidental (quoted card text), so the native list counts less
    // for an English query than the English bridge does.
    const crossing = script !== native.lang && !(script === 'en' && native.lang === 'en');
    lists.push(nativeRanked.map((s) => this.candidate(s, native.lang, () => native.hit(s), false, crossing ? 0.7 : 1)));
    // Numbers and whole-query synonyms are answered by the native index alone.
    if (nativeRanked[0]?.via === 'number' || nativeRanked[0]?.via === 'synonym-rule') return nativeRanked.slice(0, limit).map((s) => native.hit(s));

    if (native.lang !== 'en' && script === 'en') {
      const en = native.bundle.english ? this.loaded.get(native.bundle.english) : undefined;
      // Dictionary: `mulligan` → `マリガン`, searched natively.
      for (const { term, exact } of lookupTerms(native.bundle.dict, query, 1, 'en')) {
        const ranked = native.rank(term, 20);
        lists.push(ranked.map((s) => this.candidate(s, 'en', () => native.hit(s, 'en', 'dictionary'), !exact, exact ? 1.2 : 0.5)));
      }
      // Bridge: the English of the same edition, same rule numbers.
      if (en) {
        const ranked = en.rank(query, 20);
        const mapped: Candidate[] = [];
        for (const s of ranked) {
          const own = native.recordIndex(en.records[s.idx]![0]);
          // An entry the query names exactly stands for its rule when the native bundle has no entry of it.
          const idx = own ?? (s.via === 'glossary' ? this.definedBy(en, s.idx) : undefined);
          if (idx === undefined) continue;
          // The entry's rule is shown in the native text (matched in English: its row says so).
          const make = own === undefined ? () => native.hit({ idx, score: s.score, via: 'bridge', tokens: [] }, 'en') : () => ({ ...en.hit(s, 'en', 'bridge'), number: native.records[idx]![0], context: native.context(native.records[idx]![0]) });
          mapped.push(this.candidate({ ...s, idx, via: own === undefined ? 'definition' : s.via }, 'en', make, false, 1.5));
        }
        lists.push(mapped);
      }
    } else if (native.lang === 'en' && script !== 'en') {
      const link = native.bundle.foreign[script];
      if (link) {
        for (const { term, exact } of lookupTerms(link.dict, query, 0, script)) {
          const ranked = native.rank(term, 20);
          lists.push(ranked.map((s) => this.candidate(s, script, () => native.hit(s, script, 'dictionary'), !exact, exact ? 1.2 : 0.5)));
        }
        const other = this.loaded.get(link.bundle);
        if (other) {
          const dropped = new Set(link.dropped);
          const ranked = other.rank(query, 20);
          const mapped: Candidate[] = [];
          for (const s of ranked) {
            const n = other.records[s.idx]![0];
            if (dropped.has(n)) continue;
            const idx = native.recordIndex(link.renumber[n] ?? n);
            if (idx === undefined) continue;
            mapped.push(this.candidate({ ...s, idx }, script, () => ({ ...other.hit(s, script, 'bridge'), number: native.records[idx]![0], context: native.context(native.records[idx]![0]) }), false, 1.2));
          }
          lists.push(mapped);
        }
      }
    }
    const other = otherCjk(native.lang, script);
    const twin = other ? this.loaded.get(`${other}-${native.bundle.edition}`) : undefined;
    if (other && twin) {
      // Korean on the Japanese site (돌진) or Japanese on the Korean one (トランプル): the other
      // language's index of the same edition names the rule (its headings and glossary, in the
      // head), and the numbers are the same rules.
      const mapped: Candidate[] = [];
      for (const s of twin.rank(query, 20)) {
        const n = twin.records[s.idx]![0];
        const idx = n.startsWith('g-') ? undefined : native.recordIndex(n);
        if (idx === undefined) continue;
        mapped.push(this.candidate({ ...s, idx }, other, () => ({ ...twin.hit(s, other, 'bridge'), number: n, context: native.context(n) }), false, 1.2));
      }
      lists.push(mapped);
    }
    if (lists.length === 1) return nativeRanked.slice(0, limit).map((s) => native.hit(s));
    return fuse(lists, limit).map((c) => c.make());
  }

  /**
   * The native record of the rule an English glossary entry is defined by or cites first (`legend rule` on the
   * Korean site: the English head finds the entry Legend Rule, which Korean has no entry of, and it names 704.5j).
   */
  private definedBy(en: Searcher, idx: number): number | undefined {
    const info = en.glossaryInfo(idx);
    const n = info?.defs[0] ?? info?.refs[0];
    return n === undefined ? undefined : this.native.recordIndex(n);
  }

  private candidate(s: Scored, lang: Lang, make: () => SearchHit, weak = false, weight = 1): Candidate {
    const tier = weak ? 0 : s.via === 'glossary' ? 2 : s.via === 'definition' ? 1 : 0;
    return { idx: s.idx, fused: 0, weight, strong: !weak && STRONG.has(s.via), tier, lang, make };
  }
}

/** Reciprocal-rank fusion; a record that any list found by number, heading or alias goes first. */
function fuse(lists: Candidate[][], limit: number): Candidate[] {
  const by = new Map<number, Candidate>();
  for (const list of lists) {
    list.forEach((c, rank) => {
      const prev = by.get(c.idx);
      const add = c.weight / (RRF_K + rank);
      if (!prev) by.set(c.idx, { ...c, fused: add });
      else {
        prev.fused += add;
        if (c.strong && !prev.strong) {
          prev.strong = true;
          prev.lang = c.lang;
          prev.make = c.make;
        }
        prev.tier = Math.max(prev.tier, c.tier);
      }
    });
  }
  return [...by.values()].sort((a, b) => b.tier - a.tier || Number(b.strong) - Number(a.strong) || b.fused - a.fused || a.idx - b.idx).slice(0, limit);
}
