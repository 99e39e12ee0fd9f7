/**
 * Step 1 of the furigana cleanup (docs/design-notes.md §2.4): removes every flattened ruby reading. A
 * trie over glossary base+reading finds the longest pair at each position; where none matches, a
 * whole katakana word followed by its hiragana transliteration. Linear: one bounded trie walk per
 * position.
 */
import { isHiragana, isKatakanaLetter, isKatakanaRunChar, matchTransliteration } from './kana.ts';
import type { RubyPair } from './headwords.ts';

// Matcher: a trie over base+reading, built once per document.

interface TrieNode {
  next: Map<number, TrieNode>;
  /** Set when a key ends here: length of its base. */
  baseLength: number;
}

export interface FuriganaMatcher {
  root: TrieNode;
  /** 1 for every UTF-16 unit that starts a key: most positions are rejected without a trie step. */
  starts: Uint8Array;
  /** The pairs the matcher was built from. */
  pairs: RubyPair[];
}

const newNode = (): TrieNode => ({ next: new Map(), baseLength: -1 });

export function createFuriganaMatcher(pairs: RubyPair[]): FuriganaMatcher {
  const root = newNode();
  const starts = new Uint8Array(0x10000);
  for (const p of pairs) {
    const key = p.base + p.reading;
    starts[key.charCodeAt(0)] = 1;
    let node = root;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      let child = node.next.get(c);
      if (!child) node.next.set(c, (child = newNode()));
      node = child;
    }
    // Same key from two pairs (base+reading split differently): keep the longer base.
    node.baseLength = Math.max(node.baseLength, p.base.length);
  }
  return { root, starts, pairs };
}

/** Longest glossary key at `pos`: [base length, key length], or null. */
function longestPair(m: FuriganaMatcher, text: string, pos: number): [number, number] | null {
  let node: TrieNode | undefined = m.root;
  let best: [number, number] | null = null;
  for (let i = pos; i < text.length; i++) {
    node = node.next.get(text.charCodeAt(i));
    if (!node) break;
    if (node.baseLength > 0) best = [node.baseLength, i + 1 - pos];
  }
  return best;
}

/**
 * A whole katakana word (≥ 2 kana, at a word boundary) followed by its reading, at `pos`. The word
 * ends where the katakana run ends, or at a ヴ inside the run, since readings keep ヴ
 * (`ヴァンガードヴぁんがーど`: the run is ヴァンガードヴ, the word ヴァンガード).
 */
function katakanaRuby(text: string, pos: number): [number, number] | null {
  if (pos > 0) {
    const prev = text.charCodeAt(pos - 1);
    if (isKatakanaRunChar(prev) || prev === 0x30fb) return null;
  }
  let end = pos;
  let kana = 0;
  while (end < text.length) {
    const d = text.charCodeAt(end);
    if (isKatakanaRunChar(d)) {
      if (isKatakanaLetter(d)) kana++;
      end++;
    } else if (d === 0x30fb && end + 1 < text.length && isKatakanaLetter(text.charCodeAt(end + 1))) end++;
    else break;
  }
  if (kana < 2 || end >= text.length || !isHiragana(text.charCodeAt(end))) return null;
  const stop = matchTransliteration(text.slice(pos, end), text, end);
  if (stop >= 0) return [end - pos, stop - pos];
  // The reading may start inside the run with ヴ (only ヴ and ー can): try the last few ヴ there.
  for (let e = end - 1, tries = 0; e > pos + 1 && tries < 4; e--) {
    const d = text.charCodeAt(e);
    if (d !== 0x30f4 && d !== 0x30fc) break;
    if (d !== 0x30f4) continue;
    tries++;
    const s = matchTransliteration(text.slice(pos, e), text, e);
    if (s >= 0) return [e - pos, s - pos];
  }
  return null;
}

/** Where a removed reading was: the base's span in the cleaned text. */
interface RubySpan {
  /** Start and end of the base in the output text. */
  start: number;
  end: number;
  reading: string;
  by: 'glossary' | 'katakana';
}

export interface StripResult {
  text: string;
  spans: RubySpan[];
}

/** Removes every flattened reading (step 1 of §2.4). */
export function stripFurigana(text: string, matcher: FuriganaMatcher): StripResult {
  const parts: string[] = [];
  const spans: RubySpan[] = [];
  let outLength = 0;
  let last = 0;
  let i = 0;
  const starts = matcher.starts;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    let hit = starts[c] === 1 ? longestPair(matcher, text, i) : null;
    let by: RubySpan['by'] = 'glossary';
    if (!hit && isKatakanaLetter(c)) {
      hit = katakanaRuby(text, i);
      by = 'katakana';
    }
    if (!hit) {
      i++;
      continue;
    }
    const [baseLength, keyLength] = hit;
    const kept = text.slice(last, i + baseLength);
    parts.push(kept);
    outLength += kept.length;
    spans.push({ start: outLength - baseLength, end: outLength, reading: text.slice(i + baseLength, i + keyLength), by });
    i += keyLength;
    last = i;
  }
  if (last === 0) return { text, spans };
  parts.push(text.slice(last));
  return { text: parts.join(''), spans };
}
