/**
 * Reader for the official English text editions (2009 to today): title, effective date,
 * introduction, contents, parts, sections, rules, examples, continuation paragraphs, glossary,
 * credits. Input is already decoded; lines are physical lines.
 */
import type { Diagnostic, GlossaryEntry } from '../../model/types.ts';
import { parseEffectiveDate, type Block, type ReaderOutput } from '../blocks.ts';
import { parseInline } from '../inline.ts';
import { firstLine, matchExample, matchNumberedLine, matchPartHeading, paragraphsOf } from '../lines.ts';
import { contentsFrom, lastTextLine } from '../completeness.ts';
import { diagnostic } from '../../model/diagnostics.ts';

const isBlank = (l: string) => l.trim() === '';

/** `901.4.All plane…` (2022-10-07 … 2025-02-07): a rule number whose closing period touches a capital. */
function matchGluedRule(line: string): { printed: string; text: string } | null {
  const m = /^(\d{3}\.\d{1,3}[a-z]?)\.(?=[A-Z])/.exec(line);
  return m ? { printed: m[1]!, text: line.slice(m[0].length).trimEnd() } : null;
}

/** `Ability1. Text on…` (2021-06-09): a glossary headword printed without a line break before sense 1. */
function splitGluedHeadword(line: string): [string, string] | null {
  const m = /^([A-Z][^\d]*?[A-Za-z)’'])(1\. \S.*)$/.exec(line);
  return m ? [m[1]!, m[2]!] : null;
}

export function readEnglishText(text: string, file: string): ReaderOutput {
  const lines = text.split(/\r\n|\r|\n/);
  const diagnostics: Diagnostic[] = [];
  const firstIndex = (pred: (l: string) => boolean, from?: number, to?: number) => firstLine(lines, pred, from, to);
  const titleAt = firstIndex((l) => !isBlank(l));
  const title = titleAt >= 0 ? lines[titleAt]!.trim() : '';
  const dateAt = firstIndex((l) => /effective as of/i.test(l));
  const edition = dateAt >= 0 ? parseEffectiveDate(lines[dateAt]!) : null;
  if (edition === null) diagnostics.push(diagnostic('no-edition', { form: 'en' }, { file, line: 1 }));

  // Regions: Introduction … Contents … (table of contents) … body … Glossary … Credits … end.
  const introAt = firstIndex((l) => l.trim() === 'Introduction');
  const contentsAt = firstIndex((l) => l.trim() === 'Contents');
  let bodyAt = -1;
  if (contentsAt >= 0) {
    const tocFirstPart = firstIndex((l) => matchPartHeading(l) !== null, contentsAt + 1);
    if (tocFirstPart >= 0) bodyAt = firstIndex((l) => l.trim() === lines[tocFirstPart]!.trim(), tocFirstPart + 1);
  }
  // No rule line may fall before the body (a shuffled document has them anywhere).
  if (bodyAt < 0) bodyAt = firstIndex((l) => matchPartHeading(l) !== null || matchNumberedLine(l.trim()) !== null);
  const firstRule = firstIndex((l) => matchNumberedLine(l.trim())?.printed.includes('.') ?? false);
  if (bodyAt < 0 || (firstRule >= 0 && firstRule < bodyAt)) bodyAt = firstRule;
  if (bodyAt < 0) bodyAt = lines.length;
  // The glossary and credits start at headings after which no numbered rule follows; a document
  // out of order (shuffled) may have none, and then every line stays in the body, unlost.
  let lastNumbered = -1;
  for (let i = lines.length - 1; i >= bodyAt && lastNumbered < 0; i--) if (matchNumberedLine(lines[i]!.trim())?.printed.includes('.')) lastNumbered = i;
  let glossaryAt = firstIndex((l) => l.trim() === 'Glossary', Math.max(bodyAt, lastNumbered));
  let creditsAt = firstIndex((l) => l.trim() === 'Credits', glossaryAt >= 0 ? glossaryAt : Math.max(bodyAt, lastNumbered));
  if (creditsAt < 0) creditsAt = lines.length;
  if (glossaryAt < 0) glossaryAt = creditsAt;

  const introduction =
    introAt >= 0 ? paragraphsOf(lines, introAt + 1, contentsAt > introAt ? contentsAt : bodyAt).map((p) => p.text.join('\n')) : [];

  // Every non-blank line is one paragraph: the CR never wraps lines, and an indented line after a
  // rule is a paragraph of its own (205.4c, 509.1b).
  const blocks: Block[] = [];
  for (let i = bodyAt; i < glossaryAt; i++) {
    const l = lines[i]!.trim();
    if (l === '') continue;
    const line = i + 1;
    let numbered = matchNumberedLine(l);
    if (!numbered && (numbered = matchGluedRule(l))) {
      diagnostics.push(diagnostic('glued-number', { rule: numbered.printed, start: l.slice(0, numbered.printed.length + 8) }, { file, line, rule: numbered.printed }));
    }
    // A lone letter between rules (2021-11-15 line 4540: "f") is debris, not text of the rule above.
    if (!numbered && /^[A-Za-z]$/.test(l)) {
      diagnostics.push(diagnostic('stray-line', { form: 'one-letter', text: l }, { file, line }));
      continue;
    }
    const part = numbered ? null : matchPartHeading(l);
    let example = numbered || part ? null : matchExample(l);
    if (example !== null && matchExample(example) !== null) {
      diagnostics.push(diagnostic('doubled-label', {}, { file, line }));
      example = matchExample(example);
    }
    if (numbered) blocks.push({ type: 'numbered', printed: numbered.printed, text: numbered.text, line, notes: [] });
    else if (part) blocks.push({ type: 'part', number: part.number, title: part.title, line });
    else if (example !== null) blocks.push({ type: 'example', text: example, line, notes: [] });
    else blocks.push({ type: 'continuation', text: l, line, notes: [] });
  }

  const glossary: GlossaryEntry[] = paragraphsOf(lines, glossaryAt + 1, creditsAt).map((p) => {
    const glued = splitGluedHeadword(p.text[0]!);
    if (glued) {
      diagnostics.push(diagnostic('glued-headword', { term: glued[0], start: p.text[0]!.slice(0, glued[0].length + 6) }, { file, line: p.line }));
      return { term: glued[0], definition: [glued[1], ...p.text.slice(1)].map((t) => parseInline(t)), refs: [], line: p.line };
    }
    return { term: p.text[0]!, definition: p.text.slice(1).map((t) => parseInline(t)), refs: [], line: p.line };
  });
  for (const g of glossary) {
    if (g.definition.length === 0) diagnostics.push(diagnostic('glossary-no-definition', { term: g.term }, { file, line: g.line }));
  }
  const credits = paragraphsOf(lines, creditsAt + 1, lines.length).map((p) => p.text.join('\n'));

  // The contents list (between "Contents" and the body): sections, and the Glossary and Credits entries.
  const contents = contentsAt >= 0 ? contentsFrom(lines, contentsAt + 1, bodyAt, /^Glossary$/, /^Credits$/) : undefined;
  const lastLine = lastTextLine(lines);

  return {
    lang: 'en',
    format: 'en-text',
    file,
    title,
    edition,
    introduction,
    blocks,
    glossary,
    credits,
    termBridge: [],
    partial: false,
    damaged: [],
    diagnostics,
    contents,
    lastLine,
  };
}
