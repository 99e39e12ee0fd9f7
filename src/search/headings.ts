/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * Heading matches for the ranking in engine.ts: which headings equal a query key, start with it
 * (typing `tram` finds `Trample`) or hold it (`face-down` in `Face-Down Spells and Permanents`),
 * and how much each is worth. Every heading key (full, native part, English part) sits in one
 * NUL-separated string, so a query key costs one native substring scan instead of a comparison
 * per heading: a query tries up to six keys against 700–1,800 headings, and that loop was a tenth
 * of a query's time.
 */

import type { Lang } from '../model/types.ts';
import { titleKey } from './record-index.ts';
import { definitionalCore, koreanStem } from './text.ts';

/** Bonus of a heading equal to the query key (the other bonuses stay below 32). */
export const EXACT_TITLE = 100;

export class HeadingIndex {
  /** Record index of each heading. */
  private readonly records: number[] = [];
  /** All keys, NUL-separated (a key holds letters and digits only). */
  private readonly blob: string;
  /** Per key (in blob order): where it starts in the blob, and its heading's position in `records`. */
  private readonly starts: Int32Array;
  private readonly owners: Int32Array;
  /** Per heading, the best bonus of the key being looked up (zeroed after each lookup). */
  private readonly best: Float64Array;
  private readonly touched: number[] = [];
  /**
   * Record indices of the headings by each of their keys: a one-character key matches only so (scanning for it
   * would be slow), and a question's words are looked up so (`namedWithin`).
   */
  private readonly exact = new Map<string, number[]>();

  /** @param headings record index and comparison keys of every heading, in record order */
  constructor(headings: { idx: number; keys: string[] }[]) {
    const parts: string[] = [];
    const starts: number[] = [];
    const owners: number[] = [];
    let at = 0;
    headings.forEach(({ idx, keys }, h) => {
      this.records.push(idx);
      for (const k of keys) {
        const list = this.exact.get(k) ?? [];
        if (!list.includes(idx)) list.push(idx);
        this.exact.set(k, list);
        starts.push(at);
        owners.push(h);
        parts.push(k);
        at += k.length + 1;
      }
    });
    this.blob = parts.join('\u0000');
    this.starts = Int32Array.from(starts);
    this.owners = Int32Array.from(owners);
    this.best = new Float64Array(headings.length);
  }

  /** The key (position in `starts`) whose text holds blob offset `p`. */
  private keyAt(p: number): number {
    let lo = 0;
    let hi = this.starts.length;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid]! <= p) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Calls `found(record, bonus)` once per heading matching `key`, with the best bonus over its keys:
   * EXACT_TITLE for an equal key; 12–32 for a key starting with the query key, 6–22 for one holding
   * it (more the more of the heading it covers). One-character keys match only exactly.
   */
  match(key: string, found: (record: number, bonus: number) => void): void {
    if (!key) return;
    if (key.length < 2) {
      for (const idx of this.exact.get(key) ?? []) found(idx, EXACT_TITLE);
      return;
    }
    const { blob, starts, owners, best, touched } = this;
    for (let p = blob.indexOf(key); p >= 0; p = blob.indexOf(key, p + 1)) {
      const j = this.keyAt(p);
      const start = starts[j]!;
      const len = (j + 1 < starts.length ? starts[j + 1]! - 1 : blob.length) - start;
      let bonus: number;
      if (p === start && key.length === len) bonus = EXACT_TITLE;
      else if (p === start) bonus = 12 + 20 * (key.length / len);
      else bonus = 6 + 16 * (key.length / len);
      const h = owners[j]!;
      if (best[h] === 0) touched.push(h);
      if (bonus > best[h]!) best[h] = bonus;
    }
    for (const h of touched) {
      found(this.records[h]!, best[h]!);
      best[h] = 0;
    }
    touched.length = 0;
  }

  /**
   * The headings a question names inside it (issue 22, "core rules first"): `wrath of god vs indestructible
   * creature` names 702.12 Indestructible (and 302 Creatures), 「フラッシュバックで唱えた呪文が打ち消されたら墓地に
   * 戻るの？」 names 702.33 フラッシュバック (and 404 墓地). English and Korean: runs of one to three words; Japanese:
   * every stretch of 2 to 10 characters of the compact query.
   * @param content the question without its question words (fillers.ts)
   * @returns the record indices of those headings
   */
  namedWithin(lang: Lang, content: string): Set<number> {
    const out = new Set<number>();
    const add = (key: string) => {
      for (const idx of this.exact.get(key) ?? []) out.add(idx);
    };
    if (lang === 'ja') {
      const q = titleKey(content);
      for (let i = 0; i < q.length; i++) for (let j = i + 2; j <= Math.min(q.length, i + 10); j++) add(q.slice(i, j));
      return out;
    }
    // A key is its words' keys joined (titleKey drops spaces and folds English plurals word by word).
    const keys = content.split(/\s+/).filter(Boolean).map(titleKey);
    for (let i = 0; i < keys.length; i++) for (let j = i + 1; j <= Math.min(keys.length, i + 3); j++) add(keys.slice(i, j).join(''));
    return out;
  }
}

/**
 * A word a player adds after the name of a zone, step, phase or keyword (`command zone` for 408 Command,
 * `統率領域` for 408 統率, `전투 피해 단계` for 510 전투피해단, whose steps the Korean CR calls 단 and players 단계).
 */
const CLASS_WORD: Record<Lang, RegExp> = {
  en: /^(?:the |an? )?(.+) (?:zone|step|phase|ability|abilities|keyword)$/u,
  ja: /^(.+)(?:領域|ステップ|フェイズ|能力)$/u,
  ko: /^(.+?) ?(?:구역|영역|능력|(?<=단)계)$/u,
};

/**
 * The query without a word it adds after a heading's name (CLASS_WORD), or null: looked up only when the query
 * itself names no heading or glossary term (`combat damage step` is a heading of its own).
 */
export function classless(lang: Lang, norm: string): string | null {
  const m = CLASS_WORD[lang].exec(definitionalCore(norm));
  return m ? titleKey(m[1]!) : null;
}

/**
 * The keys a query looks headings and glossary terms up by, each with its damping: the query as typed (1);
 * after spelling corrections (`mulligen` → `mulligan`, 0.8) and as base forms (`sacrificed`, `唱えた`, 0.7);
 * a Japanese term without its trailing kana or particle (`防御プレイヤーが`, `トランプルを`); the term a
 * question names (`what is trample?`, `トランプルとは`, `돌진이란`, 0.95) and its Korean stems (0.9).
 * @param norm the query normalised; `corrected` and `based` the same with corrections and base forms
 * @param typed the query as typed when the concept table rewrote it: it names a term too (`legend rule`, an entry)
 */
export function headingKeys(lang: Lang, query: string, norm: string, corrected: string, based: string, typed?: string): { keys: string[]; damps: number[] } {
  const keys = [titleKey(query)];
  const damps = [1];
  if (corrected !== norm) keys.push(titleKey(corrected)), damps.push(0.8);
  if (based !== norm) keys.push(titleKey(based)), damps.push(0.7);
  if (lang === 'ja') {
    const m = /^(.*[^\p{Script=Hiragana}]\p{Script=Hiragana})\p{Script=Hiragana}+$/u.exec(norm);
    if (m) keys.push(titleKey(m[1]!)), damps.push(0.7);
    // A particle after a term: `防御プレイヤーが`, `トランプルを`.
    const p = /^(.*[\p{Script=Han}\p{Script=Katakana}ー])(?:が|を|は|の|に|で|と|も|へ|から|まで|より)$/u.exec(norm);
    if (p) keys.push(titleKey(p[1]!)), damps.push(0.9);
  }
  const core = definitionalCore(norm);
  if (core !== norm) keys.push(titleKey(core)), damps.push(0.95);
  if (/\p{Script=Hangul}/u.test(core)) {
    const stemmed = core.split(/\s+/).map((w) => koreanStem(w)[0]).join(' ');
    if (stemmed !== core) keys.push(titleKey(stemmed)), damps.push(0.9);
  }
  // Last: engine.ts reads the corrected key at index 1 as the query's phrase.
  if (typed !== undefined && !keys.includes(titleKey(typed))) keys.push(titleKey(typed)), damps.push(1);
  return { keys, damps };
}
