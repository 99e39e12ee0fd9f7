/**
 * One rule's history: every English edition in which it exists, following renumbering, with the
 * status of each edition against the one before (added, unchanged, changed, moved, moved-changed)
 * and when it was removed. A number can have named several rules over time (renumbering reuses
 * numbers): `chainsNamed` lists them; the history follows the one the edition asked for.
 * Pure; used by the CLI, the history pages and the browser.
 */
import { kindOfChange, wordDiff, type Status, type WordPart } from './diff.ts';
import { chainsNamed, editionIndex, renumberMap, spanAt, type HistoryStore } from './store.ts';

export interface Version {
  edition: string;
  number: string;
  status: Exclude<Status, 'removed'>;
  only?: 'references' | 'typography';
  text: string;
  /** Word-level changes against the previous version (when the text changed). */
  words?: WordPart[];
  examples: string[];
}

export interface RuleHistory {
  /** The number asked for. */
  number: string;
  /** The edition in which `number` named this rule (the latest such edition when none was asked). */
  edition: string;
  /** The rule in the latest English edition: its number, or null when it was removed. */
  current: string | null;
  /** First edition without the rule after its last version (null: still there). */
  removed: string | null;
  /** Editions in the middle of its life where the source lacks it. */
  gaps: string[];
  versions: Version[];
}

/** Which chain `number` names at `edition`; without an edition, the last chain that had the number. */
function findChain(store: HistoryStore, number: string, edition?: string): number | undefined {
  const chains = chainsNamed(store, number);
  if (edition === undefined) {
    let best: number | undefined;
    let bestAt = -1;
    for (const c of chains) {
      for (const s of store.rules[c]!) if (s[2] === number && s[1] > bestAt) [best, bestAt] = [c, s[1]];
    }
    return best;
  }
  const e = editionIndex(store, edition);
  if (e < 0) throw new RangeError(`no English edition ${edition} in the history`);
  return chains.find((c) => spanAt(store.rules[c]!, e)?.[2] === number);
}

/** The history of the rule `number` names (at `edition`), or null when it never named one there. */
export function ruleHistory(store: HistoryStore, number: string, edition?: string): RuleHistory | null {
  const c = findChain(store, number, edition);
  if (c === undefined) return null;
  return chainHistory(store, c, number, edition);
}

function chainHistory(store: HistoryStore, c: number, number: string, edition?: string): RuleHistory {
  const chain = store.rules[c]!;
  const at = edition ?? store.editions[Math.max(...chain.filter((s) => s[2] === number).map((s) => s[1]))]!;
  const last = chain[chain.length - 1]!;
  const latest = store.editions.length - 1;
  const versions: Version[] = [];
  const gaps: string[] = [];
  let prev: { number: string; text: number; e: number } | null = null;
  for (const s of chain) {
    if (versions.length > 0 && prev) {
      const lastIndex = store.editions.indexOf(versions[versions.length - 1]!.edition);
      for (let g = lastIndex + 1; g < s[0]; g++) gaps.push(store.editions[g]!);
    }
    for (let e = s[0]; e <= s[1]; e++) {
      const text = store.texts[s[3]]!;
      const v: Version = { edition: store.editions[e]!, number: s[2], status: 'added', text, examples: s[4].map((x) => store.texts[x]!) };
      if (prev) {
        const moved = prev.number !== s[2];
        const kind = prev.text === s[3] ? 'same' : kindOfChange(store.texts[prev.text]!, text, (n) => renumberMap(store, prev!.e, e).get(n));
        v.status = kind === 'same' ? (moved ? 'moved' : 'unchanged') : moved ? 'moved-changed' : 'changed';
        if (kind === 'references' || kind === 'typography') v.only = kind;
        if (kind !== 'same') v.words = wordDiff(store.texts[prev.text]!, text);
      }
      versions.push(v);
      prev = { number: s[2], text: s[3], e };
    }
  }
  return {
    number,
    edition: at,
    current: last[1] === latest ? last[2] : null,
    removed: last[1] === latest ? null : store.editions[last[1] + 1]!,
    gaps,
    versions,
  };
}

/** Every number a rule ever had → the chains that had it and the last edition each had it in (store order). */
export function namedChains(store: HistoryStore): Map<string, { chain: number; last: number }[]> {
  const named = new Map<string, { chain: number; last: number }[]>();
  store.rules.forEach((chain, c) => {
    for (const s of chain) {
      const list = named.get(s[2]) ?? named.set(s[2], []).get(s[2])!;
      const had = list.find((x) => x.chain === c);
      if (had) had.last = Math.max(had.last, s[1]);
      else list.push({ chain: c, last: s[1] });
    }
  });
  return named;
}

/**
 * The rules a number named (`namedChains`' list for it), the latest first, each as it was when it last had the
 * number: what a rule number's history page shows, in the build and in the browser.
 */
export function numberHistories(store: HistoryStore, number: string, named: readonly { chain: number; last: number }[]): RuleHistory[] {
  return [...named].sort((a, b) => b.last - a.last).map((x) => chainHistory(store, x.chain, number, store.editions[x.last]!));
}
