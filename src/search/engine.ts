/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * One language and edition: a FlexSearch inverted index over the bundle's records, plus the
 * ranking FlexSearch lacks. FlexSearch orders hits by token position and has no IDF, so long
 * queries with common words bury definitions (docs/design-notes.md §3.2, pitfall 6). Here FlexSearch answers
 * "which records hold this token" and the ranking is ours:
 *
 *   1. rule numbers, exactly (numbers.ts);
 *   2. glossary terms named by the query (the entry, the rules defining it, the rules it cites),
 *      then headings equal to the query (headings.ts);
 *   3. BM25 text score (IDF × the body's saturating term frequency, length-normalised) × coverage²,
 *      plus heading containment and phrase bonuses. Examples count EXAMPLE_FACTOR (weights.ts).
 *
 * Before matching, the query is understood (issue 22): rule-number prefixes (rule-query.ts),
 * Japanese/Korean misspellings (cjk-spelling.ts), players' words as the CR's (concepts.ts), question
 * and filler words set aside (fillers.ts); the ranking weighs citations, variant rules and lists
 * (prior.ts) and lists the subrules of a heading the query names under it, most cited first.
 * Query words reach the index through the vocabulary's expansions (vocabulary.ts); the best few
 * are picked without a full sort (select.ts); snippets are made for the rows shown (snippet.ts).
 */
import { glossaryNameKeys, RecordIndex, titleKey, type PostingKind } from './record-index.ts';
import type { ReadIndex } from './prepared-index.ts';
import type { Lang } from '../model/types.ts';
import { ruleQuery } from './rule-query.ts';
import { type GlossaryInfo, type Scored, type SearchBundle, type SearchHit, type SearchRecord, type Synonym } from './types.ts';
import { definitionalCore, foldPlural, indexTokens, normalize, queryScript, queryTerms, startsAWord, type QueryTerm } from './text.ts';
import { contentQuery } from './fillers.ts';
import { Prior, priorFacts } from './prior.ts';
import { cardNamesOf, CjkSpelling, mayBeMisspelt, namesOf, rewordHomophones } from './cjk-spelling.ts';
import { Concepts } from './concepts.ts';
import { Vocabulary } from './vocabulary.ts';
import { RuleNumbers } from './numbers.ts';
import { makeHit } from './hit.ts';
import { BM25, K1, B, EXAMPLE_FACTOR, KEEP, DEFINITION, GLOSSARY_TEXT, COMMON, NUMBER_ONLY, SUBRULE, QUESTION_HEADING, HEADING_COVER, PAIRS, EXAMPLE_PHRASE, EXAMPLE_PAIRS, LEND, SUBRULE_CITED, HEADING_HOLDS, BODY_PHRASE, LEND_SOURCES, ASKED, ASKED_PAIRS, CLASSLESS } from './weights.ts';
import { pairKeys, pairShare } from './proximity.ts';
import { typedScores } from './typed-words.ts';
import { classless, EXACT_TITLE, HeadingIndex, headingKeys } from './headings.ts';
import { kthLargest, topK } from './select.ts';
import { Citations, lendToCited } from './referral.ts';
import { phraseBonus, type PhraseTerm } from './asked-phrases.ts';
import { makeScratch, type Scratch } from './scratch.ts';

export interface SearchOptions { limit?: number }

/** A token's records in one field, with each one's BM25 term-frequency factor; the fields with their shares of a body match. */
interface Weighted { docs: number[]; w: Float64Array }
const FIELDS = [['body', 1], ['examples', EXAMPLE_FACTOR], ['asked', ASKED]] as const;
/** Tokens cached a field: at 2,500, the 4,340 of the bench's Japanese queries emptied it every few questions (2026-11-30). */
const POSTINGS_CACHED = 10_000;

export type { Scored };
export { titleKey };

export class Searcher {
  readonly bundle: SearchBundle;
  readonly lang: Lang;
  readonly records: SearchRecord[];
  /** Tokens, postings, lengths and heading keys of the records (record-index.ts). */
  private readonly index: RecordIndex;
  /** BM25 length factor per record with tf = 1: short records (headings, definitions) weigh more. */
  private readonly lengthNorm: Float64Array;
  /** BM25's length term per record, K1 × (1 − B + B × length / average): tf's denominator is tf + this. */
  private readonly lengthK: Float64Array;
  /** BM25's k1 for this language (weights.ts). */
  private readonly k1: number;
  private readonly df: Map<string, number>;
  private readonly vocab: Vocabulary;
  private readonly byNumber = new Map<string, number>();
  private readonly numbers: RuleNumbers;
  /** Citations, variant and list rules (prior.ts). */
  private readonly prior: Prior;
  /** The rules each record cites (referral.ts). */
  private readonly citations: Citations;
  /** Players' words inside a query read as the CR's (the synonyms' forms, anywhere in the query). */
  private readonly concepts: Concepts;
  /** Japanese and Korean misspellings (made at the first query that needs it). */
  private spelling: CjkSpelling | undefined;
  /** The last query `rank` corrected, and what it read: the worker asks `corrected` of the same query next. */
  private lastFixed: readonly [typed: string, fixed: string] = ['', ''];
  /** Heading records and their comparison keys (full, native part, English part). */
  private readonly headings: HeadingIndex;
  /** 1 for glossary records (typed arrays, not maps: the final scoring reads them per candidate). */
  private readonly isGlossary: Uint8Array;
  /** Glossary entries by record index, and the record indexes of entries by name key. */
  private readonly glossary = new Map<number, GlossaryInfo>();
  private readonly glossaryKeys = new Map<string, number[]>();
  private readonly synonyms = new Map<string, Synonym>();
  /** Records holding a token, as FlexSearch answered, per field, with each one's BM25 factor (POSTINGS_CACHED). */
  private readonly postingCache = { body: new Map<string, Weighted>(), examples: new Map<string, Weighted>(), asked: new Map<string, Weighted>() } as const;
  /** Score buffers reused by every query (zeroed after use) to spare the garbage collector. */
  private readonly scratch: Scratch;

  /**
   * Indexes a bundle (`buildBundle`'s, or the JSON file the build wrote; ≈ 100–300 ms for 2,500–3,300 rules in Node,
   * once, in a worker in the browser), or takes the index `prepareIndex` made of it (prepared-index.ts: the command line).
   */
  constructor(bundle: SearchBundle, prepared?: ReadIndex) {
    this.bundle = bundle;
    this.lang = bundle.lang;
    this.records = bundle.records;
    const n = bundle.records.length;
    this.isGlossary = new Uint8Array(n);
    this.scratch = makeScratch(n);
    this.index = prepared?.index ?? RecordIndex.build(this.records);
    this.df = this.index.df;
    this.records.forEach(([number], idx) => this.byNumber.set(number, idx));
    let total = 0;
    for (let i = 0; i < n; i++) total += this.index.length[i]!;
    this.headings = new HeadingIndex(this.index.titles);
    const avgLength = total / Math.max(1, n);
    this.k1 = BM25[this.lang]?.k1 ?? K1;
    const b = BM25[this.lang]?.b ?? B;
    this.lengthNorm = new Float64Array(n);
    this.lengthK = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      this.lengthK[i] = this.k1 * (1 - b + (b * this.index.length[i]!) / avgLength);
      this.lengthNorm[i] = (this.k1 + 1) / (1 + this.lengthK[i]!);
    }
    this.vocab = new Vocabulary(this.df, prepared?.tokens);
    this.numbers = new RuleNumbers(this.records, this.byNumber);
    this.citations = new Citations(this.records);
    this.prior = new Prior(this.records, prepared?.prior ?? priorFacts(this.records, indexTokens));
    for (const s of bundle.synonyms) for (const m of s.match) this.synonyms.set(titleKey(m), s);
    this.concepts = new Concepts(bundle.synonyms);
    const glossaryKeys = prepared?.glossary ?? glossaryNameKeys(bundle);
    (bundle.glossary ?? []).forEach((g, gi) => {
      const idx = this.byNumber.get(g.n);
      if (idx === undefined) return;
      this.glossary.set(idx, g);
      this.isGlossary[idx] = 1;
      for (const key of glossaryKeys[gi]!) {
        if (!key) continue;
        const list = this.glossaryKeys.get(key) ?? [];
        if (!list.includes(idx)) list.push(idx);
        this.glossaryKeys.set(key, list);
      }
    });
  }

  /** The glossary entry of a record, if it is one. */
  glossaryInfo(idx: number): GlossaryInfo | undefined {
    return this.glossary.get(idx);
  }

  /** Index of the record with this rule number, or undefined. */
  recordIndex(number: string): number | undefined {
    return this.byNumber.get(number);
  }

  /**
   * Searches and returns hits with snippets, best first.
   * @example searcher.search('702.19.') // [{ number: '702.19', via: 'number', … }, { number: '702.19a' … }]
   */
  search(query: string, options: SearchOptions = {}): SearchHit[] {
    const limit = options.limit ?? 10;
    return this.rank(query, limit).map((s) => this.hit(s));
  }

  /** Ranked records without snippets. */
  rank(query: string, limit = 10): Scored[] {
    let trimmed = query.trim();
    if (!trimmed) return [];
    const number = ruleQuery(trimmed);
    if (number) return this.numbers.hits(number, limit);
    const typed = normalize(trimmed).trim();
    if (NUMBER_ONLY.test(typed)) return this.numbers.sectionPrefix(typed, limit);
    // Japanese and Korean misspellings are corrected first (`경게` → `경계`): the synonyms and the
    // heading lookups below then see the term.
    const fixed = this.cjkFixed(typed);
    this.lastFixed = [typed, fixed];
    const spelled = fixed !== typed;
    const norm = fixed;
    trimmed = fixed;
    // Synonyms: the whole query (`SBA`, `ETB`, `P/T`, with the rules they name first).
    const whole = this.synonyms.get(titleKey(trimmed)) ?? this.synonyms.get(titleKey(definitionalCore(norm)));
    if (whole) return this.withSynonym(whole, limit, norm);
    // Concepts inside the query: `wear off`, `opening hand`, `SBA`, 立ち消え, 턴 종료까지 (concepts.ts).
    const { text: rewritten, used } = this.concepts.rewrite(norm);
    const hits = this.textRank(rewritten, limit, used ? norm : undefined);
    if (used || spelled) for (const h of hits) if (h.via === 'text') h.via = used ? 'synonym' : 'spelling';
    return hits;
  }

  /** A normalised query with its Japanese and Korean misspellings corrected; an IME's word the rules write only in passing is read first (神話 → 親和). */
  private cjkFixed(typed: string): string {
    const { homophones, homophonesWritten } = this.bundle;
    const reworded = homophones && homophonesWritten ? rewordHomophones(typed, homophones, homophonesWritten) : typed;
    return this.lang !== 'en' && queryScript(reworded) === this.lang && mayBeMisspelt(reworded, (g) => this.df.has(g), this.occurs) ? this.cjk().fix(reworded) : reworded;
  }

  /**
   * The query as the ranking read it after correcting misspellings, or null when it corrected none: `tramlpe` →
   * `trample` (a Latin word the edition lacks, with no completion or base form: the first of the corrections the
   * ranking searches), `경게` → `경계`, `即効` → `速攻`. What the boxes say they searched for.
   */
  corrected(query: string): string | null {
    const typed = normalize(query.trim()).trim();
    if (!typed || ruleQuery(typed) || NUMBER_ONLY.test(typed)) return null;
    const out = (this.lastFixed[0] === typed ? this.lastFixed[1] : this.cjkFixed(typed)).replace(/(?<![\p{L}\p{N}])[a-z][a-z'-]{3,}(?![\p{L}\p{N}])/gu, (w) => {
      const alt = this.vocab.alternatives({ token: foldPlural(w), weight: 1, script: 'latin', word: w })[0];
      return alt?.fix ? alt.token : w;
    });
    return out !== typed ? out : null;
  }

  /** Whether the rules write a Korean word's start or a whole katakana word (record-index.ts `writes`; cjk-spelling.ts). */
  private readonly occurs = (word: string): boolean => this.index.writes(word, (kind, token) => this.postings(kind, token));

  /** The misspelling corrector, over this edition's names of things. */
  private cjk(): CjkSpelling {
    this.spelling ??= new CjkSpelling(namesOf(this.bundle), (g) => this.df.get(g) ?? 0, this.occurs, this.bundle.homophones, cardNamesOf(this.bundle));
    return this.spelling;
  }

  /**
   * The query with synonyms spelled out and unknown Latin words corrected (`SBA` → `state-based
   * actions`, `deathtuch` → `deathtouch`): what another full-text engine should be asked.
   */
  rewrite(query: string): string {
    const norm = normalize(query).trim();
    const whole = this.synonyms.get(titleKey(query)) ?? this.synonyms.get(titleKey(definitionalCore(norm)));
    if (whole) return whole.query;
    const core = definitionalCore(norm);
    const words = core.split(/\s+/).map((w) => {
      if (!/^[a-z][a-z'-]{3,}$/.test(w) || this.df.has(foldPlural(w))) return w;
      const syn = this.synonyms.get(titleKey(w));
      if (syn) return syn.query;
      if (this.vocab.prefixed(w, 1).length) return w;
      return this.vocab.corrections(w)[0] ?? w;
    });
    return words.join(' ');
  }

  private withSynonym(s: Synonym, limit: number, typed?: string): Scored[] {
    const out: Scored[] = [];
    for (const r of s.rules ?? []) {
      const idx = this.byNumber.get(r);
      if (idx !== undefined) out.push({ idx, score: 1000 - out.length, via: 'synonym-rule', tokens: [] });
    }
    const rest = this.textRank(s.query, limit, typed).filter((h) => !out.some((o) => o.idx === h.idx));
    for (const h of rest) h.via = h.via === 'text' ? 'synonym' : h.via;
    return [...out, ...rest].slice(0, limit);
  }

  private readonly postings = (kind: PostingKind, token: string): number[] => this.weighted(kind, token).docs;

  /** A token's records with BM25's term-frequency factor of each (the length norm alone where it occurs once), cached. */
  private weighted(kind: PostingKind, token: string): Weighted {
    const cache = this.postingCache[kind];
    let p = cache.get(token);
    if (!p) {
      const docs = this.index.postings(kind, token);
      const repeats = kind === 'body' ? this.index.repeatsOf(token) : undefined;
      const w = new Float64Array(docs.length);
      docs.forEach((d, i) => {
        const tf = repeats?.get(d);
        w[i] = tf === undefined ? this.lengthNorm[d]! : (tf * (this.k1 + 1)) / (tf + this.lengthK[d]!);
      });
      if (cache.size > POSTINGS_CACHED) cache.clear();
      cache.set(token, (p = { docs, w }));
    }
    return p;
  }

  /**
   * Free-text ranking (headings, aliases, body, examples, the words players ask a rule by).
   * @param typed the query as typed (normalised) when the concept table rewrote it (`board wipe` → `destroy all`)
   */
  textRank(query: string, limit: number, typed?: string): Scored[] {
    const norm = normalize(query).trim();
    const content = contentQuery(norm);
    const terms = queryTerms(content);
    // A question ("when can I cast an instant") is answered by a rule, not by the heading that
    // names one of its words: the heading-coverage bonus counts less.
    const headingShare = content !== norm ? QUESTION_HEADING : 1;
    const N = this.records.length;
    const { total, covered, best, extra, mask, seen, list, via } = this.scratch;
    let count = 0;
    const touch = (d: number) => {
      if (!seen[d]) {
        seen[d] = 1;
        list[count++] = d;
      }
    };
    let maxWeight = 0;
    // Merge repeated tokens (a bigram can occur twice in a query).
    const merged = new Map<string, QueryTerm>();
    for (const t of terms) {
      const prev = merged.get(t.token);
      if (!prev || prev.weight < t.weight) merged.set(t.token, t);
    }
    let corrected = norm;
    let based = norm;
    // Alternatives that matched, by bit (for highlighting the top hits only).
    const altTokens: string[] = [];
    const termDocs: number[] = [];
    // Per query term: its alternatives' bits, and its weight and tokens (heading coverage, asked-phrases.ts).
    const termBits: number[] = [], phraseTerms: PhraseTerm[] = [];
    // Very common words (`the`, `is`, a one-letter prefix's completions) weigh almost nothing
    // (idf ≈ log 2) but touch most records: when the query has a rarer word, they are left out
    // of scoring (most of a long query's time otherwise).
    const common = (token: string) => (this.df.get(token) ?? 0) > COMMON * N;
    /** BM25's inverse document frequency of a token. */
    const idfOf = (token: string) => {
      const df = this.df.get(token) ?? 1;
      return Math.log(1 + (N - df + 0.5) / (df + 0.5));
    };
    const hasRare = [...merged.values()].some((t) => this.df.has(t.token) && !common(t.token));
    for (const t of merged.values()) {
      // A common word is left out with its completions too (`effects` is common, `effectively` is
      // not: it put two glossary entries above 707.9 for `copy effects`).
      if (hasRare && common(t.token)) continue;
      let alts = this.vocab.alternatives(t);
      if (hasRare) alts = alts.filter((a) => !common(a.token));
      if (alts.length === 0) continue;
      if (alts[0]!.fix) corrected = corrected.replace(t.word, alts[0]!.token);
      // Base forms for heading matches: `sacrificed` → `sacrifice`.
      const baseAlt = alts.find((a) => a.base);
      if (baseAlt) based = based.replace(t.word, baseAlt.token);
      const idfMain = idfOf(alts[0]!.token);
      maxWeight += t.weight * idfMain;
      termDocs.length = 0;
      let bits = 0;
      for (let b = altTokens.length; b < Math.min(32, altTokens.length + alts.length); b++) bits |= 1 << b;
      termBits.push(bits), phraseTerms.push({ alts: alts.map((a) => a.token), weight: t.weight * idfMain });
      for (const alt of alts) {
        const bit = altTokens.length < 32 ? 1 << altTokens.length : 0;
        altTokens.push(alt.token);
        const idf = idfOf(alt.token);
        for (const [kind, f] of FIELDS) {
          const base = t.weight * alt.factor * f * idf;
          const { docs, w } = this.weighted(kind, alt.token);
          for (let i = 0; i < docs.length; i++) {
            const d = docs[i]!;
            const v = base * w[i]!;
            if (best[d] === 0) termDocs.push(d);
            if (v > best[d]!) best[d] = v;
            mask[d]! |= bit;
          }
        }
      }
      for (const d of termDocs) {
        touch(d);
        total[d]! += best[d]!;
        // Coverage counts a term as present when any alternative matched, scaled by its factor.
        covered[d]! += Math.min(1, best[d]! / Math.max(1e-9, t.weight * idfMain * this.lengthNorm[d]!)) * t.weight * idfMain;
        best[d] = 0;
      }
    }
    // The words the concept table replaced still reach the lines players ask rules by (typed-words.ts).
    const typedLookup = { skip: (tok: string) => merged.has(tok) || common(tok), common, alternatives: (t: QueryTerm) => this.vocab.alternatives(t), idf: (tok: string) => ASKED * idfOf(tok), asked: (tok: string) => this.postings('asked', tok), body: (tok: string) => this.postings('body', tok) };
    const typedContent = typed === undefined ? '' : contentQuery(typed);
    for (const top of typed ? typedScores(typedContent, typedLookup) : [])
      for (const [d, v] of top) {
        touch(d);
        total[d]! += v * this.lengthNorm[d]!;
        covered[d]! += v;
      }
    // The keys headings and glossary terms are looked up by, each with its damping (headings.ts).
    const { keys, damps } = headingKeys(this.lang, query, norm, corrected, based, typed);
    // Headings the query names exactly: their subrules follow them, most cited first (trample →
    // 702.19 then 702.19b, which the other rules cite most), above rules that merely use the word.
    const named = new Map<number, number>();
    let defined = false;
    const lookUp = (key: string, damp: number) => {
      if (!key) return;
      // A Korean key inside a longer word of a heading is no match (`레이어` in `플레이어`).
      const korean = /^\p{Script=Hangul}/u.test(key);
      this.headings.match(key, (idx, bonus) => {
        if (korean && bonus < EXACT_TITLE && !startsAWord(this.records[idx]![2], key)) return;
        touch(idx);
        extra[idx]! += bonus * damp;
        if (bonus >= EXACT_TITLE) {
          via[idx] = 1;
          named.set(idx, Math.max(named.get(idx) ?? 0, damp));
        }
      });
      // Definitions first: the glossary entry, the rules defining the term, the rules it cites.
      const entries = this.glossaryKeys.get(key);
      if (entries) {
        defined = true;
        const lift = (idx: number | undefined, v: number, how: number) => {
          if (idx === undefined || v <= extra[idx]!) return;
          touch(idx);
          extra[idx] = v;
          via[idx] = how;
        };
        entries.forEach((g, gi) => {
          const info = this.glossary.get(g)!;
          // Tiers far apart, so a text score never lifts a cited rule above the entry.
          const top = (DEFINITION - 100 * gi) * damp;
          lift(g, 3 * top, 3);
          info.defs.forEach((n, i) => lift(this.byNumber.get(n), 2 * top - 5 * i, 4));
          info.refs.forEach((n, i) => lift(this.byNumber.get(n), top - 5 * i, 2));
        });
      }
    };
    keys.forEach((key, ki) => lookUp(key, damps[ki]!));
    // `command zone`, `統率領域`: the heading the query names before a class word, when it names none as it is.
    const bare = named.size || defined ? null : classless(this.lang, norm);
    if (bare) lookUp(bare, CLASSLESS);
    for (const [h, damp] of named) {
      const num = this.records[h]![0];
      if (!num.includes('.')) continue;
      for (let c = h + 1; c < N && this.records[c]![0].startsWith(num) && /^[a-z]$/.test(this.records[c]![0].slice(num.length)); c++) {
        touch(c);
        extra[c]! += (SUBRULE + SUBRULE_CITED * Math.log2(1 + this.prior.cites[c]!)) * damp;
      }
    }
    const variantNamed = this.prior.namesVariant(merged.keys()), topics = headingShare < 1 ? this.prior.marks(this.headings.namedWithin(this.lang, corrected !== norm ? contentQuery(corrected) : content)) : null;
    // Final scores: text × coverage², plus heading coverage and the bonuses above.
    const scores = this.scratch.score;
    const { isGlossary } = this;
    const { titleSize } = this.index;
    for (let i = 0; i < count; i++) {
      const d = list[i]!;
      let score = extra[d]!;
      if (maxWeight > 0 && total[d]! > 0) {
        const cov = Math.min(1, (covered[d]! + HEADING_COVER * this.prior.headingCover(d, mask, termBits, phraseTerms)) / maxWeight);
        // A definition that merely uses the words counts less than a rule (unless the query names it).
        score += total[d]! * cov * cov * (isGlossary[d] ? GLOSSARY_TEXT : 1) * this.prior.factor(d, variantNamed, topics);
        // A heading that holds (most of) the query: `face-down permanents` → `Face-Down Spells and Permanents`.
        const size = titleSize[d]!;
        if (size >= 0 && cov >= 0.6) {
          let bits = 0;
          for (let m = mask[d]!; m; m &= m - 1) bits++;
          score += HEADING_HOLDS * headingShare * cov * cov * (0.5 + 0.5 * Math.min(1, bits / Math.max(1, size)));
        }
      }
      scores[d] = topics ? score * this.prior.inQuestion(d) : score;
    }
    // Keep the best KEEP (ties included) by a cut-off from quickselect, not a sort of every record.
    let cand: ArrayLike<number> = list;
    let kept = count;
    if (count > KEEP) {
      const { cut } = this.scratch;
      for (let i = 0; i < count; i++) cut[i] = scores[list[i]!]!;
      const min = kthLargest(cut, count, KEEP);
      const keep: number[] = [];
      for (let i = 0; i < count; i++) if (scores[list[i]!]! >= min) keep.push(list[i]!);
      cand = keep;
      kept = keep.length;
    }
    let top = topK(cand, kept, scores, limit);
    // Phrase and proximity, on the text part only (definitions keep their tiers): ×1.5 for the whole query as
    // written (compact form), and + PAIRS × the share of the query's adjacent word pairs held (proximity.ts).
    const phrase = keys[corrected !== norm ? 1 : 0]!;
    const pairs = pairKeys(content);
    // The asked-by lines are matched by the pairs as typed too (`board wipe`).
    const askedPairs = typed ? [...new Set([...pairs, ...pairKeys(typedContent)])] : pairs;
    if ((phrase.length >= 3 && terms.length > 1) || pairs.length > 1 || askedPairs.length > 1) {
      const whole = phrase.length >= 3 && terms.length > 1;
      const numbered = this.index.pairNumbers(pairs, cand, kept);
      const askedNumbered = askedPairs === pairs ? numbered : this.index.pairNumbers(askedPairs, cand, kept);
      for (let i = 0; i < kept; i++) {
        const d = cand[i]!;
        const text = scores[d]! - extra[d]!;
        // A card name is written in the examples (`Giant Growth` in 707.4's): the pairs an example holds count too.
        const bodyPairs = pairShare(this.index.pairs(d, 'body'), numbered);
        const exPairs = Math.max(0, pairShare(this.index.pairs(d, 'examples'), numbered) - bodyPairs);
        // The pairs only the words players ask it by hold (`one blocker two attackers`).
        const askPairs = Math.max(0, pairShare(this.index.pairs(d, 'asked'), askedNumbered) - bodyPairs);
        const phraseBonus = !whole ? 0 : this.index.bodyKey(d).includes(phrase) ? BODY_PHRASE : this.index.exampleKey(d).includes(phrase) ? EXAMPLE_PHRASE : 0;
        scores[d]! += text * (phraseBonus + PAIRS * (bodyPairs + EXAMPLE_PAIRS * exPairs + ASKED_PAIRS * askPairs));
      }
      top = topK(cand, kept, scores, limit);
    }
    // The phrasing players ask a rule by that is the question (asked-phrases.ts); the rules the best matches cite (referral.ts).
    phraseBonus(this.index, cand, kept, scores, (d) => scores[d]! - extra[d]!, phraseTerms);
    lendToCited(this.records, this.citations, cand, kept, scores, (d) => scores[d]! - extra[d]!, topK(cand, kept, scores, LEND_SOURCES), LEND);
    top = topK(cand, kept, scores, limit);
    const out: Scored[] = top.map((d) => {
      const tokens: string[] = [];
      for (let b = 0; b < Math.min(32, altTokens.length); b++) if (mask[d]! & (1 << b)) tokens.push(altTokens[b]!);
      return { idx: d, score: scores[d]!, via: VIA[via[d]!] ?? 'text', tokens };
    });
    // Reset the scratch buffers for the next query.
    for (let i = 0; i < count; i++) total[list[i]!] = covered[list[i]!] = extra[list[i]!] = scores[list[i]!] = mask[list[i]!] = seen[list[i]!] = via[list[i]!] = 0;
    return out;
  }

  /** Heading context of a rule: `702 Keyword Abilities › 702.19 Trample`. */
  context(number: string): string {
    return this.numbers.context(number);
  }

  /** Turns a ranked record into a hit with a highlighted snippet (hit.ts). */
  hit(s: Scored, lang: Lang = this.lang, via = s.via): SearchHit {
    return makeHit(this.records[s.idx]!, this.glossary.get(s.idx), s, { lang, editionLang: this.lang, via, norm: this.index.bodyNorm(s.idx), context: (n) => this.context(n) });
  }
}

const VIA = ['text', 'title', 'alias', 'glossary', 'definition'];
