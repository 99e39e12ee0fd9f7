/**
 * `tsx scripts/relevance.ts [--verbose] [--lang L]`: runs the relevance set (tests/search/relevance.json)
 * through the same search as the CLI and the browser, and prints recall@10 and MRR per language
 * (and per query kind). `--verbose` lists every query that missed rank 1.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lang } from '../src/model/types.ts';
import { nodeSession } from './search.ts';
import { ROOT } from './search-index.ts';
import { readCatalog, readHistory } from '../src/pipeline/generated.ts';
import { editionIndex, renumberMap } from '../src/history/store.ts';

/**
 * The edition whose numbers each language's expectations use: the Japanese and Korean sets were judged on the
 * 2019-01-25 translations. Where the edition searched numbers otherwise (the composed current edition, 2026-01-16),
 * each expected number is followed through the history to the number of the same rule there.
 */
export const JUDGED_ON: Partial<Record<Lang, string>> = { ja: '2019-01-25', ko: '2019-01-25' };

/** Expectations in the numbers of `to` (a wildcard follows its base rule; a glossary id is kept). */
export function expectationsIn(cases: RelevanceCase[], from: string | undefined, to: string): RelevanceCase[] {
  if (!from || from === to) return cases;
  const store = readHistory();
  const f = editionIndex(store, from);
  const t = editionIndex(store, to);
  if (f < 0 || t < 0) return cases;
  const map = renumberMap(store, f, t);
  const follow = (e: string) => {
    if (e.startsWith('g-')) return e;
    const star = e.endsWith('*');
    const n = map.get(star ? e.slice(0, -1) : e);
    return n ? `${n}${star ? '*' : ''}` : e;
  };
  return cases.map((c) => ({ ...c, expect: c.expect.map(follow) }));
}

export interface RelevanceCase {
  q: string;
  expect: string[];
  kind: string;
}

export interface QueryOutcome extends RelevanceCase {
  rank: number | null;
  top: string[];
}

export interface LangMetrics {
  lang: Lang;
  queries: number;
  recall10: number;
  mrr: number;
  byKind: Record<string, { n: number; recall10: number; mrr: number }>;
  outcomes: QueryOutcome[];
}

export function readRelevanceSet(): Record<Lang, RelevanceCase[]> {
  const raw = JSON.parse(readFileSync(join(ROOT, 'tests/search/relevance.json'), 'utf8')) as Record<string, unknown>;
  return { en: raw['en'] as RelevanceCase[], ja: raw['ja'] as RelevanceCase[], ko: raw['ko'] as RelevanceCase[] };
}

/** Whether a result number satisfies an expectation (`702.19*` = 702.19 or a subrule). */
export function matches(number: string, expect: string): boolean {
  if (!expect.endsWith('*')) return number === expect;
  const base = expect.slice(0, -1);
  if (number === base) return true;
  if (!number.startsWith(base)) return false;
  const rest = number.slice(base.length);
  // 702.1* must not take 702.10: the rest starts a new level (`.` or a letter after a rule).
  return base.includes('.') ? /^[a-z]/.test(rest) : /^\./.test(rest);
}

/**
 * Whether a hit answers an expectation: its own number, or, for a glossary entry, a rule the row
 * shows it cites (the row reads `Trample — definition … → 702.19`, one click from the rule).
 * An expectation `g-…` names a glossary entry itself.
 */
export function hitMatches(hit: { number: string; glossary?: { refs: string[] } }, expect: string): boolean {
  if (matches(hit.number, expect) || (expect.startsWith('g-') && hit.number.split('~')[0] === expect)) return true;
  return !!hit.glossary && hit.glossary.refs.some((r) => matches(r, expect));
}

function summarize(outcomes: QueryOutcome[]): { recall10: number; mrr: number } {
  const n = outcomes.length || 1;
  return {
    recall10: outcomes.filter((o) => o.rank !== null && o.rank <= 10).length / n,
    mrr: outcomes.reduce((s, o) => s + (o.rank ? 1 / o.rank : 0), 0) / n,
  };
}

/** Evaluates one language's relevance set against its latest edition. */
export async function evaluate(lang: Lang, given = readRelevanceSet()[lang]): Promise<LangMetrics> {
  const session = nodeSession(lang);
  const latest = readCatalog().editions.find((e) => e.lang === lang && e.latest)?.edition;
  const cases = latest ? expectationsIn(given, JUDGED_ON[lang], latest) : given;
  const outcomes: QueryOutcome[] = [];
  for (const c of cases) {
    const hits = await session.search(c.q, 10);
    const idx = hits.findIndex((h) => c.expect.some((e) => hitMatches(h, e)));
    outcomes.push({ ...c, rank: idx >= 0 ? idx + 1 : null, top: hits.slice(0, 3).map((h) => h.number) });
  }
  const byKind: LangMetrics['byKind'] = {};
  for (const kind of [...new Set(outcomes.map((o) => o.kind))]) {
    const os = outcomes.filter((o) => o.kind === kind);
    byKind[kind] = { n: os.length, ...summarize(os) };
  }
  return { lang, queries: outcomes.length, ...summarize(outcomes), byKind, outcomes };
}

/** The printed report. */
export function formatMetrics(all: LangMetrics[], verbose = false): string {
  const lines = ['lang  queries  recall@10  MRR'];
  for (const m of all) lines.push(`${m.lang.padEnd(6)}${String(m.queries).padStart(7)}  ${m.recall10.toFixed(3).padStart(9)}  ${m.mrr.toFixed(3)}`);
  lines.push('', 'by kind (recall@10 / MRR):');
  for (const m of all) {
    lines.push(`  ${m.lang}: ` + Object.entries(m.byKind).map(([k, v]) => `${k} ${v.recall10.toFixed(2)}/${v.mrr.toFixed(2)} (${v.n})`).join(', '));
  }
  if (verbose) {
    lines.push('', 'not first:');
    for (const m of all) for (const o of m.outcomes) if (o.rank !== 1) lines.push(`  ${m.lang} ${o.kind.padEnd(9)} ${o.q}  → rank ${o.rank ?? '–'}  (want ${o.expect.join(' ')}; got ${o.top.join(' ')})`);
  }
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const only = args.includes('--lang') ? (args[args.indexOf('--lang') + 1] as Lang) : undefined;
  const langs: Lang[] = only ? [only] : ['en', 'ja', 'ko'];
  const all: LangMetrics[] = [];
  for (const l of langs) all.push(await evaluate(l));
  process.stdout.write(`${formatMetrics(all, args.includes('--verbose'))}\n`);
}
