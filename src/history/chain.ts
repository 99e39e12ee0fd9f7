/**
 * Building the history store: match each edition with the one before it (match.ts) and chain the
 * matches into one history per rule and per glossary entry. An item no match explains starts a new
 * chain, unless a chain that ended earlier had exactly its number and text (a rule the source lost
 * for a while, e.g. 901.4 in 2022-10-07…2025-02-07): then that chain resumes after a gap.
 * Pure; runs in the data stage (`npm run data`) and in `cr update`.
 */
import { comparable, termKey, type EditionItems } from './items.ts';
import { matchItems, type Matchable } from './match.ts';
import type { HistoryStore, Span } from './store.ts';

interface Keyed {
  key: string;
  /** Key as printed (the term's spelling; the rule number). */
  label: string;
  text: string;
  examples: string[];
}

export function buildHistory(editions: readonly EditionItems[]): HistoryStore {
  const sorted = [...editions].sort((a, b) => a.edition.localeCompare(b.edition));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.edition === sorted[i - 1]!.edition) throw new Error(`two documents state the edition ${sorted[i]!.edition}; each edition must appear once`);
  }
  const texts: string[] = [];
  const textId = new Map<string, number>();
  const intern = (t: string) => {
    let id = textId.get(t);
    if (id === undefined) {
      id = texts.length;
      texts.push(t);
      textId.set(t, id);
    }
    return id;
  };
  const rules = chainAll(
    sorted.map((ed) => ed.rules.map((r) => ({ key: r.number, label: r.number, text: r.text, examples: r.examples }))),
    intern,
    false,
  );
  const glossary = chainAll(
    sorted.map((ed) => ed.glossary.map((g) => ({ key: termKey(g.term), label: g.term, text: g.text, examples: [] }))),
    intern,
    true,
  );
  return { format: 'cr-atlas-history/1', editions: sorted.map((e) => e.edition), texts, rules, glossary };
}

function chainAll(perEdition: Keyed[][], intern: (t: string) => number, keyIsIdentity: boolean): Span[][] {
  const chains: Span[][] = [];
  const comparables = new Map<string, string>();
  const compare = (t: string) => comparables.get(t) ?? comparables.set(t, comparable(t)).get(t)!;
  // Chain of each item of the previous edition.
  let previous: number[] = [];
  let previousItems: Matchable[] = [];
  /** Chains that ended, with their last item, for resuming after a gap. */
  let ended: { chain: number; item: Matchable }[] = [];
  perEdition.forEach((items, e) => {
    const matchables: Matchable[] = items.map((it) => ({ key: it.key, masked: compare(it.text) }));
    const current = new Array<number>(items.length).fill(-1);
    if (e > 0) {
      for (const [i, j] of matchItems(previousItems, matchables, { keyIsIdentity })) current[j] = previous[i]!;
      // Chains of the previous edition that did not continue have ended.
      const continued = new Set(current);
      previous.forEach((c, i) => {
        if (!continued.has(c)) ended.push({ chain: c, item: previousItems[i]! });
      });
      // An unexplained item under the number of an ended chain, with similar text, resumes it.
      const open = current.flatMap((c, j) => (c < 0 ? [j] : []));
      if (open.length > 0 && ended.length > 0) {
        const resumed = matchItems(ended.map((x) => x.item), open.map((j) => matchables[j]!), { sameKey: 0.5, otherKey: Infinity });
        for (const [x, k] of resumed) current[open[k]!] = ended[x]!.chain;
        const gone = new Set(resumed.map(([x]) => x));
        ended = ended.filter((_, x) => !gone.has(x));
      }
    }
    items.forEach((it, j) => {
      const text = intern(it.text);
      const examples = it.examples.map(intern);
      let c = current[j]!;
      if (c < 0) {
        c = chains.length;
        chains.push([]);
        current[j] = c;
      }
      const chain = chains[c]!;
      const last = chain[chain.length - 1];
      if (last && last[1] === e - 1 && last[2] === it.label && last[3] === text && sameList(last[4], examples)) last[1] = e;
      else chain.push([e, e, it.label, text, examples]);
    });
    previous = current;
    previousItems = matchables;
  });
  return chains;
}

const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
