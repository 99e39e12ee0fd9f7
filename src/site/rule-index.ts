/**
 * The rule index of an edition (`/en/rule-pages.json`, `/ja/2019-01-25/rule-pages.json`): which page
 * holds which number, so the go-to box lands on the page itself (no redirect stub, works offline once
 * cached) and a number that does not exist gets its nearest neighbours. IMPORTED IN BOTH BUILD-TIME
 * AND BROWSER CODE: no Node APIs here.
 */
import { compareRuleNumbers, parentNumber } from '../model/rule-number.ts';

export interface RuleIndex {
  lang: string;
  edition: string;
  /** Page paths, in reading order. */
  pages: string[];
  /** Every number in rule order with the index of its page in `pages`. */
  rules: [number: string, page: number][];
}

/** File name of the index under an edition's base. */
export const RULE_INDEX_FILE = 'rule-pages.json';

/** The index of pages given each page's path and numbers (pure: the build passes the site model's pages). */
export function buildRuleIndex(lang: string, edition: string, pages: { path: string; numbers: string[] }[]): RuleIndex {
  const rules: [string, number][] = [];
  pages.forEach((p, i) => {
    for (const n of p.numbers) rules.push([n, i]);
  });
  rules.sort((a, b) => compareRuleNumbers(a[0], b[0]));
  return { lang, edition, pages: pages.map((p) => p.path), rules };
}

/** URL of a rule in the index (`/en/702/#702.19b`; a section's first page without a hash), or null. */
export function findRule(index: RuleIndex, number: string): string | null {
  const hit = index.rules.find((r) => r[0] === number);
  if (!hit) return null;
  const path = index.pages[hit[1]]!;
  const first = index.rules.find((r) => r[1] === hit[1]);
  return first?.[0] === number && /\/\d{3}\/$/.test(path) ? path : `${path}#${number}`;
}

/**
 * What to offer for a number the edition lacks: its parents that exist (`702.19z` → 702.19, 702) and
 * the numbers just before and after it in rule order, nearest first. Never the number itself.
 */
export function nearestRules(index: RuleIndex, number: string, count = 2): string[] {
  const have = new Set(index.rules.map((r) => r[0]));
  const out: string[] = [];
  for (let n = parentNumber(number); /^\d{3}/.test(n); n = parentNumber(n)) if (have.has(n)) out.push(n);
  const at = index.rules.findIndex((r) => compareRuleNumbers(r[0], number) > 0);
  const end = at < 0 ? index.rules.length : at;
  const around = [...index.rules.slice(Math.max(0, end - count), end).map((r) => r[0]), ...index.rules.slice(end, end + count).map((r) => r[0])];
  for (const n of around) if (!out.includes(n) && n !== number) out.push(n);
  return out;
}
