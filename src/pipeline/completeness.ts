/**
 * Completeness of a parsed document, checked against the document itself: every section its contents
 * list names is in the body, and the glossary and credits are there when the contents list them.
 * When what is missing is everything from some point on, the document ended early: one error says
 * where it ends (line, region, last entry) and what its contents list after that. And whether the
 * edition it states is a real one: a date that exists, not far in the future. Pure (today is given).
 */
import type { Diagnostic, RuleDocument } from '../model/types.ts';
import { parseEffectiveDate } from './blocks.ts';
import { diagnostic, formatMessage, type DiagnosticArgs } from '../model/diagnostics.ts';

/**
 * How far past today an edition date may lie. The CR is published a week or two before the set
 * release it takes effect with; 90 days covers that with room, and refuses 9999-12-31 or a typo'd year.
 */
export const EDITION_MARGIN_DAYS = 90;

/** Why `edition` (YYYY-MM-DD) is not a real edition date as of `today` (the arguments of its finding), or null when it is one. */
export function editionDateProblem(edition: string, today: Date = new Date()): DiagnosticArgs<'edition-date'> | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(edition);
  if (!m) return { form: 'not-a-date', edition };
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return mo > 12 || mo < 1 ? { form: 'no-such-month', edition, month: mo } : { form: 'no-such-day', edition, day: d };
  }
  const limit = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + EDITION_MARGIN_DAYS));
  if (date > limit) return { form: 'future', edition, days: EDITION_MARGIN_DAYS, today: today.toISOString().slice(0, 10) };
  return null;
}

/** The problem in words said of a manifest entry ("edition … is not a date that exists …"): the finding's message without its subject. */
export function editionProblemText(problem: DiagnosticArgs<'edition-date'>): string {
  return `edition ${formatMessage('edition-date', problem).replace(/^the document states the edition /, '')}`;
}

/** An error at the line that states the edition when its date is impossible or far in the future. */
export function checkEditionDate(edition: string | null, file: string, lines: () => string[], today?: Date): Diagnostic[] {
  const problem = edition === null ? null : editionDateProblem(edition, today);
  if (edition === null || problem === null) return [];
  // The line stating it: "effective as of …" / "…年…月…日" / the compact date of a Japanese title.
  const compact = edition.replaceAll('-', '');
  const at = lines().findIndex((l) => parseEffectiveDate(l) === edition || l.includes(compact));
  return [diagnostic('edition-date', problem, { file, line: at + 1 || 1 })];
}

/** What a document's own table of contents lists (line numbers are 1-based physical lines). */
export interface ContentsList {
  sections: { number: string; line: number }[];
  /** Line of the contents entry "Glossary", or null when the contents do not list one. */
  glossary: number | null;
  credits: number | null;
}

type Item = { label: string; line: number; present: boolean };

export function checkCompleteness(doc: RuleDocument, contents: ContentsList | undefined, lastLine: number): Diagnostic[] {
  if (!contents || (contents.sections.length === 0 && contents.glossary === null && contents.credits === null)) return [];
  const have = new Set(doc.rules.filter((r) => r.kind === 'section').map((r) => r.number));
  const items: Item[] = contents.sections.map((s) => ({ label: `section ${s.number}`, line: s.line, present: have.has(s.number) }));
  if (contents.glossary !== null) items.push({ label: 'the glossary', line: contents.glossary, present: doc.glossary.length > 0 });
  if (contents.credits !== null) items.push({ label: 'the credits', line: contents.credits, present: doc.credits.length > 0 });
  const missing = items.filter((i) => !i.present);
  if (missing.length === 0) return [];
  const lastPresent = items.map((i) => i.present).lastIndexOf(true);
  const tail = items.slice(lastPresent + 1);
  const listed = (xs: Item[]) => (xs.length > 6 ? `${xs.slice(0, 5).map((x) => x.label).join(', ')} … ${xs.at(-1)!.label} (${xs.length} entries)` : xs.map((x) => x.label).join(', '));
  const out: Diagnostic[] = [];
  const gaps = missing.filter((m) => !tail.includes(m));
  for (const g of gaps) {
    out.push(diagnostic('incomplete', { part: g.label, line: g.line }, { file: doc.file, line: g.line }));
  }
  if (tail.length > 0) {
    const lastTerm = doc.glossary.at(-1);
    const lastRule = doc.rules.at(-1);
    const where = doc.credits.length > 0
      ? 'inside the credits'
      : lastTerm
        ? `inside the glossary, at the headword "${lastTerm.term}"${lastTerm.definition.length === 0 ? ' (which has no definition)' : ''}`
        : lastRule
          ? `after rule ${lastRule.number}`
          : 'before the first rule';
    out.push(diagnostic('ends-early', { form: lastTerm && tail.every((t) => t.label === 'the credits') ? 'glossary' : 'parts', line: lastLine, where, parts: listed(tail) }, { file: doc.file, line: lastLine }));
  }
  return out;
}

/**
 * Reads a contents list from lines [from, to): `100. General` / `100. 일반` entries and the lines
 * that match the glossary and credits headings. For the readers of every language.
 */
export function contentsFrom(lines: string[], from: number, to: number, glossaryHead: RegExp, creditsHead: RegExp, lineOf = (i: number) => i + 1): ContentsList {
  const out: ContentsList = { sections: [], glossary: null, credits: null };
  for (let i = Math.max(0, from); i < to && i < lines.length; i++) {
    const l = lines[i]!.trim();
    const section = /^(\d{3})\.\s*\S/.exec(l);
    if (section) out.sections.push({ number: section[1]!, line: lineOf(i) });
    else if (glossaryHead.test(l)) out.glossary ??= lineOf(i);
    else if (creditsHead.test(l)) out.credits ??= lineOf(i);
  }
  return out;
}

/** Last non-blank line (1-based). */
export function lastTextLine(lines: string[]): number {
  let n = lines.length;
  while (n > 1 && lines[n - 1]!.trim() === '') n--;
  return n;
}
