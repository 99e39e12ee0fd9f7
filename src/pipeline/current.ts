/**
 * Which current editions the data stage composes: one per translated language, for the latest English edition of
 * the history when the build renders it (src/pipeline/compose.ts does the composing). Pure.
 */
import type { Composition, RuleDocument } from '../model/types.ts';
import { TRANSLATION_STATUSES } from '../model/types.ts';
import type { HistoryStore } from '../history/store.ts';
import { composeCurrentEdition } from './compose.ts';

/** The composed editions, one per language that has a translation older than the latest English; none without the history. */
export function composeCurrentEditions(docs: readonly RuleDocument[], store: HistoryStore): RuleDocument[] {
  const latest = store.editions[store.editions.length - 1];
  const english = docs.find((d) => d.lang === 'en' && d.edition === latest);
  if (!english) return [];
  const langs = [...new Set(docs.filter((d) => d.lang !== 'en').map((d) => d.lang))];
  return langs.flatMap((lang) => {
    const translations = docs.filter((d) => d.lang === lang && d.edition !== latest && store.editions.includes(d.edition!));
    // A translation of the latest edition itself is rendered as it is; nothing to compose.
    if (translations.length === 0 || docs.some((d) => d.lang === lang && d.edition === latest)) return [];
    return [composeCurrentEdition({ translations, english, store })];
  });
}

/** One line for the data report: `composed from 2019-01-25: rules 1950 current, 470 outdated, 830 untranslated; …`. */
export function describeComposition(c: Composition): string {
  const n = (x: Composition['rules']) => TRANSLATION_STATUSES.map((s) => `${x[s]} ${s}`).join(', ');
  return `composed from ${c.translations.map((t) => t.edition).join(' + ')} and English ${c.english}: rules ${n(c.rules)}; examples ${n(c.examples)}; glossary ${n(c.glossary)}; ${c.rewrittenRefs} references rewritten to today's numbers`;
}
