/**
 * Build time only. The words players ask a rule by (issue 22, "questions"): a question rarely uses the
 * rule's own words ("can one blocker block two attackers?" never says "blocking creature"), so each rule
 * may carry a line of players' phrases, written from the rule's text by people who never saw the
 * relevance sets: content/search/asked.{lang}.json, keyed by the rule numbers of one edition (its
 * `numbering`: 2026-01-16 for English, the 2019-01-25 translations for Japanese and Korean).
 *
 * The phrases are searched as a third field (record-index.ts, weight ASKED in weights.ts) and never
 * shown: a snippet is always the rule's own text. Numbers move between editions, so the phrases reach
 * every other edition through the history's chains (the rule 2019's 702.19c became, not the number).
 */
import * as z from 'zod';
import { editionIndex, renumberMap, type HistoryStore } from '../history/store.ts';
import { contentQuery } from './fillers.ts';
import { normalize } from './text.ts';
import { LATIN_WORD } from './proximity.ts';
import { LANGS } from '../i18n/locales.ts';
import { JsonFileError, lineAt, parseJsonText, SEARCH_TABLE } from '../pipeline/json-file.ts';
import { diagnostic, type DiagnosticArgs } from '../model/diagnostics.ts';
import { jsonPath } from '../model/json-path.ts';

const RULE_NUMBER = /^\d{3}(?:\.\d{1,3}[a-z]?)?$/;

/** The file's shape: a comment, its language, the edition whose numbers key it, and one line per rule. */
export const AskedFile = z.strictObject({
  $comment: z.string(),
  lang: z.enum(LANGS),
  numbering: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  rules: z.record(z.string(), z.string().trim().min(1, 'phrases, not an empty line')),
});
export type AskedFile = z.infer<typeof AskedFile>;

/** What the file is, for its diagnostics. */
export const ASKED_WHAT = 'words players ask the rules by (content/search/asked.{lang}.json; every language has one)';

/**
 * Reads and checks a file's text: its shape, and that every number is a rule of its numbering edition
 * (a phrase under a mistyped number would quietly find nothing).
 * @param known the rule numbers of the numbering edition
 * @throws JsonFileError `file:line: search-table-malformed: …` at the first problem
 */
export function parseAsked(text: string, file: string, known: (edition: string) => ReadonlySet<string> | undefined): AskedFile {
  const data = parseJsonText(text, file, AskedFile, SEARCH_TABLE, ASKED_WHAT);
  const fail = (n: string, args: DiagnosticArgs<'search-table-malformed'>): never => {
    throw new JsonFileError([diagnostic('search-table-malformed', args, { file, line: lineAt(text, ['rules', n]) })]);
  };
  // A build without the English of the numbering edition (--allow-missing) has no history of it: the numbers' shape
  // is still checked, and the lines then reach only that edition itself (askedAt).
  const numbers = known(data.numbering);
  for (const n of Object.keys(data.rules)) {
    const path = jsonPath(['rules', n]);
    if (!RULE_NUMBER.test(n)) fail(n, { form: 'not-rule', path, value: JSON.stringify(n) });
    if (numbers && !numbers.has(n)) fail(n, { form: 'unknown-rule', path, rule: n, edition: data.numbering });
  }
  return data;
}

/**
 * The phrases of an edition's rules, by that edition's numbers: each line of the file follows its rule's
 * chain from the file's numbering to `edition`; a rule gone by then (or not yet there) gets none. The
 * numbering edition itself needs no chain; another edition the history lacks gets none.
 */
export function askedAt(file: AskedFile, edition: string, store: HistoryStore): Map<string, string> {
  const out = new Map<string, string>();
  const from = editionIndex(store, file.numbering);
  const to = editionIndex(store, edition);
  const same = edition === file.numbering;
  if (!same && (from < 0 || to < 0)) return out;
  const moved = same ? undefined : renumberMap(store, from, to);
  for (const [n, phrases] of Object.entries(file.rules)) {
    const there = moved ? moved.get(n) : n;
    if (there) out.set(there, out.has(there) ? `${out.get(there)!}; ${phrases}` : phrases);
  }
  for (const [n, line] of out) out.set(n, compactLine(line));
  return out;
}

/**
 * A line as the bundle ships it: each phrase's content words only (question and filler words set aside, as a
 * query's are: fillers.ts), and a word already in an earlier phrase of the line left out — a third smaller, and
 * the words the engine indexes the same. A phrase of Latin words keeps its repeated words, since the engine
 * also reads their order (adjacent word pairs, proximity.ts; Japanese and Korean runs are matched by their
 * bigrams, which hold the order already); only a phrase that repeats an earlier one whole is left out.
 * @example compactLine('can one creature block two attackers?; how many attackers can a blocker block; 블록 두 마리; 두 마리 막기') // 'one creature block two attackers; attackers blocker block; 블록 두 마리; 막기'
 */
export function compactLine(line: string): string {
  const seen = new Set<string>();
  const phrases: string[] = [];
  for (const phrase of line.split(/\s*;\s*/)) {
    const all = contentQuery(normalize(phrase))
      .split(/\s+/)
      .map((w) => w.replace(/[?？!！.,、。]+$/u, ''))
      .filter(Boolean);
    const latin = all.length > 1 && all.every((w) => LATIN_WORD.test(w));
    const words = latin ? all : all.filter((w) => !seen.has(w));
    const text = words.join(' ');
    if (!words.length || seen.has(text)) continue;
    for (const w of words) seen.add(w);
    seen.add(text);
    phrases.push(text);
  }
  return phrases.join('; ');
}
