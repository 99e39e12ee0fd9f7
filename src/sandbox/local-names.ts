/**
 * Card names as a translated example writes them. The Japanese CR gives card names in 《…》 (《灰色オーガ》 for Gray
 * Ogre); the Korean CR keeps the English names. A scenario names its objects in English, so for a Japanese page the
 * build pairs them: the scenario's card names in the order they first appear in the English example, with the
 * distinct 《…》 names in the order they first appear in the Japanese one. Only an exact count match is trusted —
 * otherwise the widget keeps the English names (a wrong name would be worse than an untranslated one).
 * Pure; called by scripts/build/sandbox-data.ts.
 */
import type { Scenario } from '../engine/scenario.ts';

/**
 * Object id → English card name, for every object of the scenario that has one and no Japanese name of the scenario's
 * own (such a name — "その機体" for "the Vehicle" — describes the object; it isn't a card name of the example).
 */
function englishNames(s: Scenario): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, o] of Object.entries(s.setup.objects ?? {})) {
    if (s.names?.[id]?.ja) continue;
    const n = o.card.name ?? s.names?.[id]?.en;
    if (n) out.set(id, n);
  }
  return out;
}

/** The distinct 《…》 names of a Japanese text, in order of first appearance. */
export function bracketedNames(text: string): string[] {
  return [...new Set([...text.matchAll(/《([^《》]+)》/g)].map((m) => m[1]!))];
}

/**
 * Object id → the name as the Japanese example writes it (with its 《》), or null when the two examples can't be
 * paired with confidence.
 */
export function japaneseNames(s: Scenario, enText: string, jaText: string): Record<string, string> | null {
  const ja = bracketedNames(jaText);
  if (!ja.length) return null;
  // each distinct English name found in the English text, by first position; ids sharing a name share its translation
  const byName = new Map<string, string[]>();
  for (const [id, n] of englishNames(s)) if (enText.includes(n)) byName.set(n, [...(byName.get(n) ?? []), id]);
  const order = [...byName.keys()].sort((a, b) => enText.indexOf(a) - enText.indexOf(b));
  if (order.length !== ja.length) return null;
  const out: Record<string, string> = {};
  order.forEach((n, i) => {
    for (const id of byName.get(n)!) out[id] = `《${ja[i]!}》`;
  });
  return out;
}
