/**
 * The fast paths of the search core against plain reference versions (no rules mirror needed):
 * normalisation with its offset map, highlight ranges, the heading index and the top-k selection.
 * Each reference is the simple, obviously right way (one character at a time, a regular expression
 * per token, a comparison per heading, a full sort); the fast code must give exactly its answers on
 * hand-picked edge cases and on seeded random inputs.
 */
import { describe, expect, it } from 'vitest';
import { findMarks, makeSnippet } from '../../src/search/snippet.ts';
import { normalize, normalizeMapped } from '../../src/search/text.ts';
import { EXACT_TITLE, HeadingIndex } from '../../src/search/headings.ts';
import { kthLargest, topK } from '../../src/search/select.ts';
// The engine's seeded sequence (mulberry32), so a failure reproduces.
import { seeded as random } from '../../src/engine/random.ts';

/** Reference: every character through NFKC and lowercase on its own, the map pushed per unit. */
function refMapped(text: string): { norm: string; map: number[] } {
  let norm = '';
  const map: number[] = [];
  let i = 0;
  for (const ch of text) {
    let n = /[・･\u00ad\u200b\u200c\u200d\ufeff]/.test(ch) ? '' : ch.normalize('NFKC').toLowerCase();
    if (n === '’' || n === '‘' || n === '`') n = "'";
    if (n === '–' || n === '—' || n === '−') n = '-';
    if (/^[\u3099\u309a]$/.test(n) && norm) norm = norm.slice(0, -1) + (norm.slice(-1) + n).normalize('NFC');
    else {
      for (let k = 0; k < n.length; k++) map.push(i);
      norm += n;
    }
    i += ch.length;
  }
  map.push(i);
  return { norm, map };
}

/** Reference: a regular expression per token over the reference normalisation. */
function refMarks(text: string, tokens: string[]): [number, number][] {
  const { norm, map } = refMapped(text);
  const ranges: [number, number][] = [];
  for (const t of tokens) {
    if (/^[\p{L}\p{N}.']+$/u.test(t) && /^[a-z0-9]/.test(t)) {
      const stem = t.endsWith('y') && t.length > 3 ? t.slice(0, -1) : t;
      // The word or one of its forms (text.ts ENGLISH_ENDING), after a y-word's y or i (`ability`: abilities), never
      // another word it starts.
      const forms = `${stem !== t ? '[yi]?' : ''}(?:s|es|d|ed|ing|er|ers|'s|s')?`;
      const re = new RegExp(`(?<![\\p{L}\\p{N}])${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${forms}(?![\\p{L}'])`, 'gu');
      for (const m of norm.matchAll(re)) ranges.push([m.index!, m.index! + m[0].length]);
    } else for (let i = norm.indexOf(t); i >= 0; i = norm.indexOf(t, i + 1)) ranges.push([i, i + t.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged.map(([a, b]) => [map[a]!, map[b] ?? text.length]);
}

// Characters from every class the fast paths tell apart: ASCII (with capitals and the backtick),
// Hangul, kana, kanji, punctuation NFKC keeps or changes, dropped marks, voicing marks (combining
// and half-width), full-width letters, accented and Greek letters, an astral character.
const ALPHABET = [...'aZ b9`\'.-', 'é', 'Σ', 'ß', '생', '물', 'ト', 'ラ', 'シ', '色', '、', '「', '」', 'ー', '・', '\u00ad', '\u3099', 'ﾞ', 'ｼ', 'Ａ', '７', '’', '—', '…', '™', '𝔸', '💥', 'İ'];

const randomText = (next: () => number, len: number) => Array.from({ length: len }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]!).join('');

describe('normalisation with offsets', () => {
  it('keeps offsets where characters drop, expand or join', () => {
    expect(normalizeMapped('Ａ・Ｂ')).toEqual({ norm: 'ab', map: [0, 2, 3] });
    expect(normalizeMapped('ｼﾞ')).toEqual({ norm: 'ジ', map: [0, 2] });
    expect(normalizeMapped('a…b')).toEqual({ norm: 'a...b', map: [0, 1, 1, 1, 2, 3] });
    // Nothing dropped or expanded: no map, the offsets are the source's own.
    expect(normalizeMapped('It’s 「トランプル」、생물')).toEqual({ norm: "it's 「トランプル」、생물" });
  });
  it('agrees with the character-by-character reference on random texts', () => {
    const next = random(13);
    for (let n = 0; n < 3000; n++) {
      const text = randomText(next, Math.floor(next() * 24));
      const ref = refMapped(text);
      const got = normalizeMapped(text);
      expect(got.norm, JSON.stringify(text)).toBe(ref.norm);
      expect(got.map ?? Array.from({ length: text.length + 1 }, (_, i) => i), JSON.stringify(text)).toEqual(ref.map);
      expect(normalize(text)).toBe(ref.norm);
    }
  });
});

describe('highlight ranges', () => {
  it('marks Latin tokens at word starts only, CJK grams anywhere', () => {
    const text = 'Trample: a creature with trample (untrampled) — TRAMPLE’s';
    expect(findMarks(text, ['trample']).map(([a, b]) => text.slice(a, b))).toEqual(['Trample', 'trample', 'TRAMPLE’s']);
    expect(findMarks('creatures and creature', ['creature'])).toEqual([[0, 9], [14, 22]]);
    expect(findMarks('abilities', ['ability'])).toEqual([[0, 9]]);
    expect(findMarks('éa a', ['a'])).toEqual([[3, 4]]);
    expect(findMarks('防御プレイヤーは', ['プレ', 'レイ'])).toEqual([[2, 5]]);
    expect(findMarks('レジェンド・ルール', ['ドル'])).toEqual([[4, 7]]);
  });
  it('agrees with the regular-expression reference on random texts and tokens', () => {
    const next = random(42);
    const tokens = ['a', 'b9', 'ab', "a'b", 'é', 'z', 'aa', 'zzzy', 'σ', '생물', 'トラ', '色', 'ジ', 'ab.', '9'];
    for (let n = 0; n < 3000; n++) {
      const text = randomText(next, Math.floor(next() * 30));
      const ts = tokens.filter(() => next() < 0.3);
      expect(findMarks(text, ts), `${JSON.stringify(text)} ${JSON.stringify(ts)}`).toEqual(refMarks(text, ts));
      // The index passes the normalisation it made once (typed offset map): the same ranges.
      const pre = normalizeMapped(text);
      expect(findMarks(text, ts, pre.map ? { norm: pre.norm, map: Uint16Array.from(pre.map) } : pre)).toEqual(refMarks(text, ts));
    }
  });
  it('highlights inside the snippet window', () => {
    const body = `${'x '.repeat(100)}Deathtouch… and deathtouch ${'y '.repeat(100)}`;
    const { snippet, marks } = makeSnippet(body, '', ['deathtouch'], 80);
    expect(marks.map(([a, b]) => snippet.slice(a, b))).toEqual(['Deathtouch', 'deathtouch']);
  });
});

describe('heading index', () => {
  /** Reference: every key of every heading compared with the query key. */
  function refMatch(headings: { idx: number; keys: string[] }[], key: string): Map<number, number> {
    const out = new Map<number, number>();
    for (const { idx, keys } of headings) {
      let bonus = 0;
      for (const k of keys) {
        if (k === key) bonus = Math.max(bonus, EXACT_TITLE);
        else if (key.length >= 2 && k.startsWith(key)) bonus = Math.max(bonus, 12 + 20 * (key.length / k.length));
        else if (key.length >= 2 && k.includes(key)) bonus = Math.max(bonus, 6 + 16 * (key.length / k.length));
      }
      if (bonus > 0) out.set(idx, bonus);
    }
    return out;
  }
  const headings = [
    { idx: 3, keys: ['trample', 'トランプル'] },
    { idx: 7, keys: ['facedownspellsandpermanent'] },
    { idx: 9, keys: ['t'] },
    { idx: 12, keys: ['돌진trample', '돌진', 'trample'] },
    { idx: 20, keys: ['tramtram'] },
  ];
  const index = new HeadingIndex(headings);
  const run = (key: string) => {
    const out = new Map<number, number>();
    index.match(key, (idx, bonus) => out.set(idx, bonus));
    return out;
  };
  it('scores equal, starting and containing headings as the plain comparison does', () => {
    for (const key of ['trample', 'tram', 'ram', 't', 'r', 'permanent', 'トランプル', 'ラン', '돌진', '진t', 'x', '', 'tramtram', 'amtr']) {
      expect(run(key), key).toEqual(refMatch(headings, key));
    }
    expect(run('trample').get(3)).toBe(EXACT_TITLE);
    expect(run('tram').get(20)).toBe(12 + 20 * (4 / 8));
  });
});

describe('top-k selection', () => {
  it('finds the k-th largest value and the best k records as a full sort does', () => {
    const next = random(7);
    for (let n = 0; n < 500; n++) {
      const size = 1 + Math.floor(next() * 400);
      // Few distinct values, so ties are common.
      const scores = Float64Array.from({ length: size }, () => Math.floor(next() * 20) / 4);
      const k = 1 + Math.floor(next() * size);
      const sorted = [...scores].sort((a, b) => a - b);
      expect(kthLargest(Float64Array.from(scores), size, k)).toBe(sorted[size - k]);
      const ids = Array.from({ length: size }, (_, i) => i).sort(() => next() - 0.5);
      const want = [...ids].sort((a, b) => scores[b]! - scores[a]! || a - b).slice(0, Math.min(k, 20));
      expect(topK(ids, size, scores, Math.min(k, 20))).toEqual(want);
    }
  });
});
