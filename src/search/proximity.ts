/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * Proximity for questions typed in words (issue 22): the whole query as written rarely stands in a
 * rule ("first strike combat damage step"), but its neighbouring content words often do ("first
 * strike", "combat damage", "damage step" in 510.4). A record holding more of the query's adjacent
 * word pairs ranks higher than one that has the same words scattered. Latin words only: a Japanese or
 * Korean run is matched by its character bigrams, which already hold the order.
 */

/** A word of Latin letters and digits: the words paired (asked.ts keeps a phrase of them in order). */
export const LATIN_WORD = /^[\p{Script=Latin}\d][\p{Script=Latin}\d'’/+-]*$/u;

/**
 * The compact keys of adjacent pairs of the query's Latin content words (`key` is the engine's
 * heading key: lowercase letters and digits, plurals folded), each once.
 * @example pairKeys('first strike combat damage', titleKey) // ['firststrike', 'strikecombat', 'combatdamage']
 */
export function pairKeys(content: string, key: (text: string) => string): string[] {
  const words = content.split(/\s+/).filter((w) => LATIN_WORD.test(w));
  const out = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) {
    const k = key(`${words[i]} ${words[i + 1]}`);
    if (k.length >= 5) out.add(k);
  }
  return [...out];
}

/** The share of the pairs a record's compact text holds (0 … 1). */
export function pairShare(bodyKey: string, pairs: readonly string[]): number {
  if (!pairs.length) return 0;
  let n = 0;
  for (const p of pairs) if (bodyKey.includes(p)) n++;
  return n / pairs.length;
}
