/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * The index's vocabulary and how a query word reaches it. Tokens are never stemmed at index time
 * (stemming lost words: `flying` → `fli` matched `flip`, docs/design-notes.md §3); instead each query term
 * expands at lookup time into the indexed tokens it may mean: completions of a prefix (as-you-type,
 * and `block` → `blocked`), the base of an `-ed`/`-ing`/`-s` form, edit-distance-1/2 corrections of
 * an unknown word, every CJK bigram holding a lone character, and the syllables a Hangul syllable
 * being composed can still become. Kept apart from the ranking (engine.ts), which only weighs them.
 */
import { composing, ENGLISH_ENDING, type QueryTerm } from './text.ts';
import { editDistance, farSubstitution } from './spelling.ts';

/** One indexed token a query term may stand for, and how much a match on it counts. */
export interface Alternative {
  token: string;
  factor: number;
  /** A spelling correction of an unknown word. */
  fix?: boolean;
  /** The base form of an inflected word. */
  base?: boolean;
}

/** Kana that end a verb's stem or follow it: hiragana but the particles that follow a noun. */
const OKURIGANA = /^(?![をがはのにでともへや])[\u3041-\u3093]$/u;

export class Vocabulary {
  /** Records holding each token (document frequency). */
  readonly df: Map<string, number>;
  /** Sorted vocabulary, for prefix and fuzzy expansion. */
  private readonly words: string[];
  private readonly charCache = new Map<string, string[]>();
  private readonly prefixCache = new Map<string, string[]>();
  private readonly fixCache = new Map<string, string[]>();
  private readonly okuriganaCache = new Map<string, string[]>();

  /**
   * @param df document frequency of every indexed token
   * @param sorted the same tokens already sorted (a prepared index keeps them so, record-index.ts)
   */
  constructor(df: Map<string, number>, sorted?: string[]) {
    this.df = df;
    this.words = sorted ?? [...df.keys()].sort();
  }

  /** Whether a token occurs in any record. */
  has(token: string): boolean {
    return this.df.has(token);
  }

  /** First position in the sorted vocabulary at or after `prefix`. */
  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.words[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Vocabulary words that start with `prefix` (shortest first, at most `max`). */
  prefixed(prefix: string, max: number): string[] {
    const key = `${prefix}\u0000${max}`;
    const hit = this.prefixCache.get(key);
    if (hit) return hit;
    const out: string[] = [];
    for (let i = this.lowerBound(prefix); i < this.words.length && this.words[i]!.startsWith(prefix); i++) {
      if (this.words[i] !== prefix) out.push(this.words[i]!);
    }
    // Very short prefixes: the most frequent words; longer ones: the closest completions.
    const byDf = (a: string, b: string) => (this.df.get(b) ?? 0) - (this.df.get(a) ?? 0);
    const res = out.sort(prefix.length <= 2 ? byDf : (a, b) => a.length - b.length || byDf(a, b)).slice(0, max);
    if (this.prefixCache.size > 2000) this.prefixCache.clear();
    this.prefixCache.set(key, res);
    return res;
  }

  /** Known words within edit distance 1 (2 for long words) of an unknown Latin word. */
  corrections(word: string): string[] {
    const hit = this.fixCache.get(word);
    if (hit) return hit;
    const res = this.findCorrections(word);
    if (this.fixCache.size > 2000) this.fixCache.clear();
    this.fixCache.set(word, res);
    return res;
  }

  private findCorrections(word: string): string[] {
    const max = word.length >= 8 ? 2 : 1;
    const found: [string, number][] = [];
    for (const v of this.words) {
      if (Math.abs(v.length - word.length) > max || !/^[a-z]/.test(v)) continue;
      if (v[0] !== word[0] && v[1] !== word[1]) continue;
      const d = editDistance(word, v, max);
      if (d <= max) found.push([v, d]);
    }
    // Closest first; of as close, a slip a finger makes (a letter left out, doubled, swapped or a neighbouring key)
    // before a letter far from the one meant (`rebund`: rebound, then refund); then the commoner.
    const far = (v: string) => (farSubstitution(word, v) ? 1 : 0);
    found.sort((a, b) => a[1] - b[1] || far(a[0]) - far(b[0]) || (this.df.get(b[0]) ?? 0) - (this.df.get(a[0]) ?? 0));
    return found.slice(0, 3).map((f) => f[0]);
  }

  /** CJK bigrams that hold a character (a one-character query such as `색` or `色`). */
  private containing(ch: string): string[] {
    let hit = this.charCache.get(ch);
    if (!hit) {
      hit = this.words.filter((v) => v.length === 2 && v.includes(ch));
      hit.sort((a, b) => (this.df.get(b) ?? 0) - (this.df.get(a) ?? 0));
      hit = hit.slice(0, 40);
      this.charCache.set(ch, hit);
    }
    return hit;
  }

  /**
   * Indexed bigrams of a kanji followed by another kana than `kana` (`出せ` → `出す`, `出し`, `出た`):
   * a Japanese verb's stem with the other endings it takes. The rules write the plain or polite form
   * (`プレイする`, `持つ`, `見る`); a question the potential or conditional (`出せる`, `持てる`, `見ても`).
   */
  private inflections(kanji: string, kana: string): string[] {
    const key = kanji + kana;
    let hit = this.okuriganaCache.get(key);
    if (!hit) {
      hit = [];
      for (let i = this.lowerBound(kanji); i < this.words.length && this.words[i]!.startsWith(kanji); i++) {
        const w = this.words[i]!;
        if (w.length === 2 && w !== key && OKURIGANA.test(w[1]!)) hit.push(w);
      }
      hit.sort((a, b) => (this.df.get(b) ?? 0) - (this.df.get(a) ?? 0));
      hit = hit.slice(0, 8);
      if (this.okuriganaCache.size > 2000) this.okuriganaCache.clear();
      this.okuriganaCache.set(key, hit);
    }
    return hit;
  }

  /** Alternatives for one query term: itself if known, then expansions. */
  alternatives(t: QueryTerm): Alternative[] {
    const out: Alternative[] = [];
    const known = this.df.has(t.token);
    if (known) out.push({ token: t.token, factor: 1 });
    if (t.script === 'latin') {
      const w = t.token;
      if (/^\d+$/.test(w)) return out;
      if (w.length >= 3 || t.last) {
        // Fewer expansions for very short prefixes: `s` could be anything and costs the most.
        const max = w.length === 1 ? 6 : w.length === 2 ? 10 : t.last ? 24 : 12;
        // A word the rules write is completed only by its own endings (`block` → `blocked`, `blockers`): `red` is no
        // `redundant`, `life` no `lifelink`, `flash` no `flashback`. A word being typed (`tramp`) is completed by any.
        for (const p of this.prefixed(w, max)) if (!known || ENGLISH_ENDING.test(p.slice(w.length))) out.push({ token: p, factor: t.last ? 0.8 : 0.6 });
      }
      // Verb forms: `blocked`/`blocking` → `block`, `exiling` → `exile`.
      const stems = new Set<string>();
      const m = /^(.{3,}?)(ed|ing|es|s|er)$/.exec(w);
      if (m) {
        stems.add(m[1]!);
        stems.add(m[1]! + 'e');
        if (/(.)\1$/.test(m[1]!)) stems.add(m[1]!.slice(0, -1));
      }
      for (const s of stems) if (s !== w && this.df.has(s)) out.push({ token: s, factor: 0.6, base: true });
      // A correction counts 0.9: at 0.7 the typed word lost to the rule's other words (`swicth power and toughness
      // which layer` put 613.4c, "power and/or toughness", above 613.4d, "switch"; tuned and dev parts: 6 rose, 2 fell).
      if (out.length === 0 && w.length >= 4) for (const c of this.corrections(w)) out.push({ token: c, factor: 0.9, fix: true });
    } else if (t.script === 'ja' && t.inflected) {
      for (const g of this.inflections(t.token[0]!, t.token[1]!)) out.push({ token: g, factor: 0.7 });
    } else if (Array.from(t.token).length === 1) {
      for (const g of this.containing(t.token)) out.push({ token: g, factor: 0.9 });
    } else if (t.last && t.script === 'ko') {
      // `돌지` while typing `돌진`.
      const head = t.token.slice(0, -1);
      for (const c of composing(t.token.slice(-1))) if (this.df.has(head + c)) out.push({ token: head + c, factor: 0.8 });
    }
    return out;
  }
}
