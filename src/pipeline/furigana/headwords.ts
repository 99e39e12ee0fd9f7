/**
 * Glossary headwords of the Japanese seed (`色(いろ)/Color`) and the base/reading pairs they give:
 * the dictionary the furigana cleanup (../furigana.ts) matches flattened ruby against. Pure.
 */

/** A glossary headword as printed: `コントロール、コントローラー(こんとろーる、こんとろおらあ)/Control/Controller`. */
export interface Headword {
  /** Term(s) before the reading, as printed (`コントロール、コントローラー`, `生息条件(島)`). */
  term: string;
  /** The printed reading without parentheses (`こんとろーる、こんとろおらあ`). */
  reading: string;
  /** Everything after the slash (`Control/Controller`, `Vanguard(1)`, `Counter(v)`). */
  english: string;
}

/** The English of a headword without its sense marker (`Vanguard(1)` → `Vanguard`, `Counter(v)` → `Counter`). */
export function withoutSense(english: string): string {
  return english.replace(/\((?:\d+|[a-z])\)$/, '').trim();
}

/** A base and the ruby reading the extraction appended to it. */
export interface RubyPair {
  base: string;
  reading: string;
}

// Term, then the last `(reading)` (hiragana, ー, ヴ, 、, ・, spaces) directly followed by `/English`.
const HEADWORD = /^(\S.*?)\(([\u3041-\u309f\u30fc\u30f4\u30fb、 ]+)\)\/([\x20-\x7e]+)$/;

/** Parses a glossary headword line; null for anything else (definitions, senses, `(廃語)…`). */
export function parseHeadword(line: string): Headword | null {
  const m = HEADWORD.exec(line);
  if (!m) return null;
  return { term: m[1]!, reading: m[2]!, english: m[3]!.trim() };
}

/**
 * The base/reading pairs a headword provides. Multi-term headwords are split on 、 and zipped with
 * their readings; when the counts differ (`共闘、[名前]との共闘(きょうとう)`), every term and the whole
 * headword are paired with the whole reading instead.
 */
export function headwordPairs(h: Headword): RubyPair[] {
  const terms = h.term.split('、').map((t) => t.trim()).filter(Boolean);
  const readings = h.reading.split('、').map((r) => r.trim()).filter(Boolean);
  const out: RubyPair[] = [];
  if (terms.length === readings.length) {
    terms.forEach((t, i) => out.push({ base: t, reading: readings[i]! }));
    if (terms.length > 1) out.push({ base: h.term, reading: h.reading });
  } else {
    out.push({ base: h.term, reading: h.reading });
    for (const t of terms) out.push({ base: t, reading: h.reading });
  }
  return out.filter((p) => p.base !== '' && p.reading !== '');
}

/** All pairs of a list of headwords, without duplicates. */
export function glossaryPairs(headwords: Headword[]): RubyPair[] {
  const seen = new Set<string>();
  const out: RubyPair[] = [];
  for (const h of headwords) {
    for (const p of headwordPairs(h)) {
      const key = `${p.base}\u0000${p.reading}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(p);
    }
  }
  return out;
}
