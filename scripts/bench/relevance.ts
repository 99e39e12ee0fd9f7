/**
 * `tsx scripts/bench/relevance.ts [--verbose] [--heldout] [--lang L]`: runs the relevance sets
 * (content/search/relevance.{en,ja,ko}.json) through the same search as the CLI and the browser,
 * and prints recall@1, recall@10 and MRR per language, per part and per query kind. The parts:
 * `tuned` (search changes may be tuned on it), `heldout` (reported, never looked at query by query)
 * and `retired` (the held-out part until 2026-11-28: its misses were read since, so it is no longer
 * independent; reported apart and tunable). `--verbose` lists the tuned and retired queries that
 * missed rank 1; the held-out queries' misses are listed only with `--heldout`.
 *
 * Each set names its edition: the expected rule numbers are that edition's, so a newer edition of
 * the language (the 2026 Japanese and Korean ones) does not silently change what is measured. The
 * language's current edition, when it is another (/ja/ and /ko/ show ja-2026-01-16 and ko-2026-01-16),
 * is measured too, with each expected rule followed through the history's chain to its number there
 * (`atEdition`): 2019's 119.4 (damage) is 2026's 120.4, never whatever 2026 numbers 119.4.
 */
import { LANGS } from '../../src/i18n/locales.ts';
import { readJsonFile, SEARCH_TABLE } from '../../src/pipeline/json-file.ts';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import type { Lang } from '../../src/model/types.ts';
import { nodeSession } from '../search-session.ts';
import { readCatalog, readHistory } from '../../src/pipeline/generated.ts';
import { mapNumber, type HistoryStore } from '../../src/history/store.ts';
import { ROOT } from '../build/search-index.ts';


const Expectation = z.string().regex(/^(?:\d{3}(?:\.\d+[a-z]?)?\*?|g-[a-z0-9-]+)$/, 'a rule number (with an optional *) or g-…');

const Case = z.strictObject({
  q: z.string().min(1),
  expect: z.array(Expectation).min(1),
  kind: z.enum(['number', 'keyword', 'action', 'concept', 'definition', 'natural', 'inflected', 'synonym', 'katakana', 'typo', 'prefix', 'cross', 'card']),
  /** Why the expected rules answer the query, from their text (written before any search was run). */
  why: z.string().min(1).optional(),
  /**
   * The rules a second judge named (held-out and retired parts, 2026-11-29), from the question and the rule texts
   * alone: never this file's expectations, never a search result. Reported apart (`twoJudges`), never instead.
   */
  second: z.array(Expectation).min(1).optional(),
});

const RelevanceFile = z.strictObject({
  $comment: z.string(),
  lang: z.enum(LANGS),
  edition: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  tuned: z.array(Case),
  retired: z.array(Case),
  heldout: z.array(Case),
});

/** The parts of a set, in the order they are reported. */
export const PARTS = ['tuned', 'retired', 'heldout'] as const;
export type Part = (typeof PARTS)[number];

export interface RelevanceCase extends z.infer<typeof Case> {
  part: Part;
}

export interface RelevanceSet {
  lang: Lang;
  edition: string;
  cases: RelevanceCase[];
}

interface QueryOutcome extends RelevanceCase {
  rank: number | null;
  top: string[];
}

export interface Summary {
  n: number;
  recall1: number;
  recall10: number;
  mrr: number;
}

export interface LangMetrics extends Summary {
  lang: Lang;
  edition: string;
  byPart: Record<Part, Summary>;
  /** Per part, per kind. */
  byKind: Record<Part, Record<string, Summary>>;
  outcomes: QueryOutcome[];
}

const relevancePath = (lang: Lang) => join(ROOT, `content/search/relevance.${lang}.json`);

/** Reads and checks one language's set; a malformed file throws with the file and the failing entry. */
export function readRelevance(lang: Lang): RelevanceSet {
  const file = relevancePath(lang);
  const f = readJsonFile(file, RelevanceFile, SEARCH_TABLE, 'relevance set of the language (content/search/relevance.{lang}.json)');
  if (f.lang !== lang) throw new Error(`${file}: lang is ${f.lang}, expected ${lang}`);
  const cases = PARTS.flatMap((part) => f[part].map((c) => ({ ...c, part })));
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.q)) throw new Error(`${file}: query "${c.q}" is listed twice`);
    seen.add(c.q);
  }
  return { lang, edition: f.edition, cases };
}

export function readRelevanceSet(): Record<Lang, RelevanceSet> {
  return { en: readRelevance('en'), ja: readRelevance('ja'), ko: readRelevance('ko') };
}

/** Query kinds that type a rule number: in another edition they ask for the rule that bears it there. */
const NUMBER_KINDS = new Set(['number', 'prefix']);

/**
 * A set moved to another edition of its language: each expected rule (`702.19*`: its base) becomes the
 * number the history's chain gives it in `edition`; an expectation whose rule has no counterpart there
 * (removed since, or added later) is dropped, and a case with none left is dropped and listed, so the
 * report says how many were measured. A query that types a rule number keeps its expectation (it asks
 * for the rule with that number in the edition shown) when the edition has that rule.
 */
export function atEdition(set: RelevanceSet, edition: string, store: HistoryStore = readHistory()): { set: RelevanceSet; dropped: RelevanceCase[] } {
  if (edition === set.edition) return { set, dropped: [] };
  const dropped: RelevanceCase[] = [];
  const cases: RelevanceCase[] = [];
  for (const c of set.cases) {
    const follow = (list: string[]) => [
      ...new Set(
        list.flatMap((e) => {
          if (e.startsWith('g-')) return [e];
          const star = e.endsWith('*') ? '*' : '';
          const base = star ? e.slice(0, -1) : e;
          if (NUMBER_KINDS.has(c.kind)) return mapNumber(store, edition, edition, base) ? [e] : [];
          const to = mapNumber(store, set.edition, edition, base);
          return to ? [`${to}${star}`] : [];
        }),
      ),
    ];
    const expect = follow(c.expect);
    if (!expect.length) {
      dropped.push(c);
      continue;
    }
    const moved: RelevanceCase = { ...c, expect };
    const second = c.second ? follow(c.second) : [];
    if (second.length) moved.second = second;
    else delete moved.second;
    cases.push(moved);
  }
  return { set: { lang: set.lang, edition, cases }, dropped };
}

/**
 * The set as both judges answer it: a case the second judge answered expects any rule either named (the usual
 * union of two assessors' judgments). Cases stay in order, so rows gathered for the set still line up.
 */
export function twoJudges(set: RelevanceSet): RelevanceSet {
  return { ...set, cases: set.cases.map((c) => (c.second ? { ...c, expect: [...new Set([...c.expect, ...c.second])] } : c)) };
}

/** The editions a language is measured on: the set's own, then the language's current one if it is another. */
export function editionsToMeasure(set: RelevanceSet): string[] {
  const latest = readCatalog().editions.find((x) => x.lang === set.lang && x.latest)?.edition;
  return latest && latest !== set.edition ? [set.edition, latest] : [set.edition];
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

/** Recall@1, recall@10 and MRR of ranks (null = not in the top 10). */
export function summarize(ranks: (number | null)[]): Summary {
  const n = ranks.length || 1;
  return {
    n: ranks.length,
    recall1: ranks.filter((r) => r === 1).length / n,
    recall10: ranks.filter((r) => r !== null && r <= 10).length / n,
    mrr: ranks.reduce<number>((s, r) => s + (r ? 1 / r : 0), 0) / n,
  };
}

/** Groups outcomes by part and kind. */
function metricsOf(lang: Lang, edition: string, outcomes: QueryOutcome[]): LangMetrics {
  const byPart = {} as Record<Part, Summary>;
  const byKind = { tuned: {}, retired: {}, heldout: {} } as Record<Part, Record<string, Summary>>;
  for (const part of PARTS) {
    const os = outcomes.filter((o) => o.part === part);
    byPart[part] = summarize(os.map((o) => o.rank));
    for (const kind of [...new Set(os.map((o) => o.kind))]) byKind[part][kind] = summarize(os.filter((o) => o.kind === kind).map((o) => o.rank));
  }
  return { lang, edition, ...summarize(outcomes.map((o) => o.rank)), byPart, byKind, outcomes };
}

/** Evaluates one language's relevance set against its pinned edition, in the instant box's core. */
export async function evaluate(lang: Lang, set = readRelevance(lang)): Promise<LangMetrics> {
  const session = nodeSession(lang, set.edition);
  const outcomes: QueryOutcome[] = [];
  for (const c of set.cases) {
    const hits = await session.search(c.q, 10);
    const idx = hits.findIndex((h) => c.expect.some((e) => hitMatches(h, e)));
    outcomes.push({ ...c, rank: idx >= 0 ? idx + 1 : null, top: hits.slice(0, 3).map((h) => h.number) });
  }
  return metricsOf(lang, set.edition, outcomes);
}

const f3 = (x: number) => x.toFixed(3);
const cells = (s: Summary) => `${f3(s.recall1)} / ${f3(s.recall10)} / ${f3(s.mrr)}`;

/** The printed report. */
function formatMetrics(all: LangMetrics[], opts: { verbose?: boolean; heldout?: boolean } = {}): string {
  const lines = ['lang  edition     part      queries  recall@1 / recall@10 / MRR'];
  for (const m of all) {
    for (const part of PARTS) {
      lines.push(`${m.lang.padEnd(6)}${m.edition}  ${part.padEnd(8)}${String(m.byPart[part].n).padStart(8)}  ${cells(m.byPart[part])}`);
    }
  }
  lines.push('', 'by kind (recall@1 / recall@10 / MRR, queries):');
  for (const m of all) {
    for (const part of PARTS) {
      lines.push(`  ${m.lang} ${m.edition} ${part}: ` + Object.entries(m.byKind[part]).map(([k, v]) => `${k} ${v.recall1.toFixed(2)}/${v.recall10.toFixed(2)}/${v.mrr.toFixed(2)} (${v.n})`).join(', '));
    }
  }
  if (opts.verbose || opts.heldout) {
    lines.push('', 'not first:');
    for (const m of all) {
      for (const o of m.outcomes) {
        if (o.rank === 1 || (o.part === 'heldout' ? !opts.heldout : !opts.verbose)) continue;
        lines.push(`  ${m.lang} ${m.edition} ${o.part} ${o.kind.padEnd(9)} ${o.q}  → rank ${o.rank ?? '–'}  (want ${o.expect.join(' ')}; got ${o.top.join(' ')})`);
      }
    }
  }
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const only = args.includes('--lang') ? (args[args.indexOf('--lang') + 1] as Lang) : undefined;
  const langs: Lang[] = only ? [only] : [...LANGS];
  const all: LangMetrics[] = [];
  const notes: string[] = [];
  const store = readHistory();
  for (const l of langs) {
    const set = readRelevance(l);
    for (const edition of editionsToMeasure(set)) {
      const moved = atEdition(set, edition, store);
      all.push(await evaluate(l, moved.set));
      if (edition !== set.edition) {
        notes.push(`${l} ${edition}: expectations of ${set.edition} followed through the history; ${moved.dropped.length} of ${set.cases.length} queries left out (no counterpart)${moved.dropped.length ? `: ${moved.dropped.map((c) => c.q).join(' · ')}` : ''}`);
      }
    }
  }
  process.stdout.write(`${formatMetrics(all, { verbose: args.includes('--verbose'), heldout: args.includes('--heldout') })}\n${notes.length ? `\n${notes.join('\n')}\n` : ''}`);
}
