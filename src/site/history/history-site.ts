/**
 * The history as the site shows it (build time): the store loaded once, the URLs of the changes and
 * history pages, per-edition change counts, consecutive diffs, every rule number's histories, and
 * translation lag per edition. Memoised for the whole build; pure given the store.
 */
import { historySectionApi, ruleSection } from '../api-paths.ts';
import { changesPath } from './history-paths.ts';
import { hasHistory, readHistory } from '../../pipeline/generated.ts';
import { compareRuleNumbers } from '../../model/rule-number.ts';
import { diffEditions, type Counts, type EditionDiff } from '../../history/diff.ts';
import { namedChains, numberHistories, type RuleHistory } from '../../history/history.ts';
import { addedSince, lagsSince, summarizeLag, type Lag, type LagSummary } from '../../history/lag.ts';
import type { HistoryStore } from '../../history/store.ts';

let store: HistoryStore | null | undefined;

/** The history store of the generated data, or null when the build has no English editions. */
export function getHistory(root = process.cwd()): HistoryStore | null {
  if (store === undefined) store = hasHistory(root) ? readHistory(root) : null;
  if (store && store.editions.length === 0) store = null;
  return store;
}

/** The changes pages in a language (English texts, the page's words: /ja/changes/). */
export { changesPath, comparePagePath, comparePath, historyPath, ruleHistoryPagePath, ruleHistoryPath } from './history-paths.ts';
export const CHANGES_PATH = changesPath('en');
export const FEED_PATH = '/en/changes/feed.xml';
export const STORE_API = '/api/en/history/store.json';
export const pairPath = (from: string, to: string) => `/en/changes/${from}...${to}/`;
/** The JSON of a number's history: its section's file (src/site/api-paths.ts), where `numbers[number]` is it. */
export const historyApi = (number: string) => historySectionApi(ruleSection(number) ?? number);

const diffs = new Map<string, EditionDiff>();
/** The diff of two editions, memoised (consecutive pairs are used by several pages and files). */
export function editionDiff(h: HistoryStore, from: string, to: string): EditionDiff {
  const key = `${from}>${to}`;
  let d = diffs.get(key);
  if (!d) diffs.set(key, (d = diffEditions(h, from, to)));
  return d;
}

/** At most this many entries, a consecutive pair's diff file (texts included) is lighter than the outline. */
const PAIR_FILE_ENTRIES = 200;

/** The consecutive pairs (`old...new`) whose diff file the compare page reads instead of the outline and slices. */
export function smallPairs(h: HistoryStore): string[] {
  return h.editions.slice(1).flatMap((to, i) => {
    const d = editionDiff(h, h.editions[i]!, to);
    return d.rules.length + d.examples.length + d.glossary.length <= PAIR_FILE_ENTRIES ? [`${h.editions[i]}...${to}`] : [];
  });
}

export interface EditionRow {
  edition: string;
  /** The edition before it (null for the first). */
  previous: string | null;
  summary: EditionDiff['summary'] | null;
  /** Whether the site renders this edition's pages. */
  rendered: boolean;
}

/** Every edition, newest first, with its counts against the one before. */
export function editionRows(h: HistoryStore, rendered: Set<string>): EditionRow[] {
  return h.editions
    .map((edition, i) => {
      const previous = i > 0 ? h.editions[i - 1]! : null;
      return { edition, previous, summary: previous ? editionDiff(h, previous, edition).summary : null, rendered: rendered.has(edition) };
    })
    .reverse();
}

/** Changes that count (added, removed, changed, moved, moved and changed) in one summary. */
export const realChanges = (c: Counts) => c.added + c.removed + c.changed + c.moved + c['moved-changed'];

let histories: Map<string, RuleHistory[]> | null = null;
/** Every number that ever named a rule → the histories of the rules it named (latest naming first). */
export function historiesByNumber(h: HistoryStore): Map<string, RuleHistory[]> {
  if (histories) return histories;
  const named = namedChains(h);
  histories = new Map();
  for (const number of [...named.keys()].sort(compareRuleNumbers)) histories.set(number, numberHistories(h, number, named.get(number)!));
  return histories;
}

const lagMemo = new Map<string, Map<string, Lag> | null>();
/** Lag of the rules of English edition `from` against the latest English (null: not in the history). */
export function lagsFor(h: HistoryStore | null, from: string | null): Map<string, Lag> | null {
  if (!h || !from) return null;
  if (!lagMemo.has(from)) lagMemo.set(from, lagsSince(h, from));
  return lagMemo.get(from)!;
}

/** Per-translation summary of the lag over the rule numbers it has. */
export function lagSummaryFor(h: HistoryStore | null, from: string | null, numbers: Iterable<string>): LagSummary | null {
  const lags = lagsFor(h, from);
  if (!lags || !from) return null;
  return summarizeLag(from, lags, numbers, addedSince(h!, from));
}
