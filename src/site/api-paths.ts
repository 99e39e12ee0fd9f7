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

/** The texts of the chains whose last number is in `slice` (`702`, or `glossary`), for a compare section opened. */
export const historySliceApi = (slice: string): string => `/api/en/history/slices/${slice}.json`;
