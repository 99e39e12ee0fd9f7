/**
 * Regular expressions that find any of a set of literal words: the glossary terms (terms.ts), the orphan
 * furigana readings (furigana/restore.ts) and the glossary stems the damage marker must not split (ja-damage.ts).
 * Each word is escaped, and the longest comes first, so a word wins over its own prefix (JavaScript's alternation
 * takes the first alternative that matches, not the longest).
 */

/** `s` with every character special in a regular expression escaped. */
export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The source of one alternation of `words`, escaped, longest first: `ab|a`. */
export function alternation(words: Iterable<string>): string {
  return [...words].sort((a, b) => b.length - a.length).map(escapeRe).join('|');
}

const CACHE = new WeakMap<ReadonlyMap<string, unknown>, RegExp>();
/** One global (`g`) alternation of a table's keys, built once per table (the tables are made once per document). */
export function keysPattern(table: ReadonlyMap<string, unknown>): RegExp {
  let re = CACHE.get(table);
  if (!re) CACHE.set(table, (re = new RegExp(alternation(table.keys()), 'g')));
  return re;
}
