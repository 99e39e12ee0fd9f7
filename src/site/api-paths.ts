/**
 * Where the static JSON export keeps a rule or a glossary entry, in one place for the build that writes
 * the files (src/site/api/extras.ts) and the page scripts that read them (previews). One file per section and
 * one per glossary initial, never one per rule: a static host accepts a limited number of files
 * (docs/deploy.md). IMPORTED IN BOTH BUILD-TIME AND BROWSER CODE: no Node APIs here.
 */
import { parseRuleNumber } from '../model/rule-number.ts';

/** `sections/702.json`, under an edition's API directory. */
export const sectionApiFile = (section: string): string => `sections/${section}.json`;

/** The section file holding a rule number (`702.19b` → `702`), or null for what is no rule number. */
export function ruleSection(number: string): string | null {
  const n = parseRuleNumber(number);
  return n ? String(n.section) : null;
}

/** The group of a glossary slug: its first character after `g-`, lower case (`g-trample` → `t`). */
export function glossaryGroup(slug: string): string {
  const first = [...slug.replace(/^g-/, '')][0] ?? '_';
  return first.toLowerCase();
}

/** `glossary/t.json`, under an edition's API directory. */
export const glossaryApiFile = (group: string): string => `glossary/${group}.json`;

/** The API directory of an edition: `/api/ja/2026-01-16/`. */
export const editionApiDir = (lang: string, edition: string): string => `/api/${lang}/${edition}/`;

/** The history of every number of a section, ever (`/api/en/history/sections/702.json`). */
export const historySectionApi = (section: string): string => `/api/en/history/sections/${section}.json`;

/** The compare page's outline of the history: every chain's spans and how their texts differ, no texts (history/outline.ts). */
export const HISTORY_OUTLINE_API = '/api/en/history/outline.json';

/** The diff of two consecutive English editions, with its texts and its sections' titles (`cr diff --json` and `sections`). */
export const historyPairApi = (from: string, to: string): string => historyPairFile(`${from}...${to}`);
/** The same by the pair's name (`2025-11-14...2026-01-16`; `{pair}` gives the page's template of it). */
export const historyPairFile = (pair: string): string => `/api/en/changes/${pair}.json`;

/** The glossary entries' number runs, read by the compare page when it is filtered by a rule number. */
export const HISTORY_GLOSSARY_NUMBERS_API = '/api/en/history/glossary-numbers.json';

/** The texts of the chains of a slice (`702`, `702-2`, `glossary-3`: history/outline.ts sliceOf), for a compare section opened. */
export const historySliceApi = (slice: string): string => `/api/en/history/slices/${slice}.json`;
