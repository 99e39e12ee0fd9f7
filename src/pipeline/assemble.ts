/**
 * ReaderOutput → RuleDocument: correct proven numbering defects, build the tree (parts →
 * sections → rules → subrules), attach examples and continuation paragraphs, parse inline
 * content, link cross-references and derive the term bridge. Language- and format-neutral.
 */
import type { Diagnostic, Note, Paragraph, Part, Rule, RuleDocument, TermBridgeEntry } from '../model/types.ts';
import { parentNumber, parseRuleNumber, ruleKind } from '../model/rule-number.ts';
import { paragraphText } from '../model/text.ts';
import type { Block, ReaderOutput } from './blocks.ts';
import { parseInline } from './inline.ts';
import { findRenumberings } from './numbering.ts';
import { linkCrossReferences } from './link.ts';
import { reporter } from '../model/diagnostics.ts';

/** Parses a paragraph and shifts its note markers so they index the rule's whole note list. */
function paragraphWithNotes(text: string, rule: Rule, notes: Note[], terms?: ReadonlyMap<string, string>): Paragraph {
  const offset = rule.notes.length;
  rule.notes.push(...notes);
  return parseInline(text, terms).map((n) => (n.type === 'noteRef' ? { ...n, index: n.index + offset } : n));
}

export function assembleDocument(input: ReaderOutput): RuleDocument {
  const diagnostics: Diagnostic[] = [...input.diagnostics];
  const diag = reporter(input.file, diagnostics);

  const numbered = input.blocks.filter((b): b is Extract<Block, { type: 'numbered' }> => b.type === 'numbered');
  const printed = numbered.map((b) => b.printed);
  const corrected = new Map<number, string | null>();
  const renumberings = findRenumberings(printed);
  if (renumberings.length > Math.max(20, printed.length / 20)) {
    // Not a few misprints but a document out of order (shuffled, or concatenated wrongly):
    // correcting would be guessing. Say so once and keep every entry as printed.
    const first = numbered[renumberings[0]!.index]!;
    diag('not-in-order', first.line, { count: renumberings.length, total: printed.length, rule: first.printed, line: first.line });
  } else {
    for (const r of renumberings) corrected.set(r.index, r.corrected);
  }

  const rules: Rule[] = [];
  const byNumber = new Map<string, Rule>();
  const damagedLines = new Set(input.damaged.map((d) => d.line));
  let current: Rule | null = null;
  let inExample = false;
  let n = 0;
  for (const block of input.blocks) {
    if (block.type === 'part') continue;
    if (block.type === 'numbered') {
      const index = n++;
      const fix = corrected.get(index);
      let number = block.printed;
      const before = rules[rules.length - 1]?.number ?? '(start)';
      if (fix) {
        number = fix;
        diag('renumbered', block.line, { printed: block.printed, before, fixed: fix }, fix);
      } else if (fix === null) {
        diag(byNumber.has(number) ? 'duplicate-rule' : 'out-of-order', block.line, { printed: block.printed, before }, number);
      }
      const kind = ruleKind(number)!;
      const rule: Rule = { number, kind, parent: parentNumber(number), children: [], body: [], examples: [], notes: [], line: block.line };
      if (number !== block.printed) rule.printedNumber = block.printed;
      if (byNumber.has(number)) rule.duplicate = true;
      else byNumber.set(number, rule);
      if (damagedLines.has(block.line)) rule.damaged = true;
      rule.body.push(paragraphWithNotes(block.text, rule, block.notes, input.terms));
      rules.push(rule);
      current = rule;
      inExample = false;
      continue;
    }
    if (!current) {
      diag('orphan-paragraph', block.line, { kind: block.type, text: block.text.slice(0, 80) });
      continue;
    }
    if (damagedLines.has(block.line)) current.damaged = true;
    if (block.type === 'example') {
      current.examples.push([paragraphWithNotes(block.text, current, block.notes, input.terms)]);
      inExample = true;
    } else if (inExample) {
      current.examples[current.examples.length - 1]!.push(paragraphWithNotes(block.text, current, block.notes, input.terms));
    } else {
      current.body.push(paragraphWithNotes(block.text, current, block.notes, input.terms));
    }
  }

  for (const rule of rules) {
    if (rule.duplicate) continue;
    const parent = byNumber.get(rule.parent);
    if (parent) parent.children.push(rule.number);
    else if (rule.kind !== 'section') diag('missing-parent', rule.line, { rule: rule.number, parent: rule.parent ?? '' }, rule.number);
  }

  const parts = buildParts(input.blocks, rules, damagedLines);
  const doc: RuleDocument = {
    lang: input.lang,
    edition: input.edition,
    title: input.title,
    format: input.format,
    file: input.file,
    introduction: input.introduction,
    ...(input.introductionDamaged ? { introductionDamaged: true } : {}),
    parts,
    rules,
    glossary: input.glossary,
    credits: input.credits,
    termBridge: [...deriveTermBridge(rules, input.lang), ...input.termBridge],
    partial: input.partial,
    diagnostics,
  };
  linkCrossReferences(doc);
  return doc;
}

function buildParts(blocks: Block[], rules: Rule[], damagedLines: Set<number>): Part[] {
  const parts = new Map<string, Part>();
  for (const b of blocks) {
    if (b.type !== 'part' || parts.has(b.number)) continue;
    parts.set(b.number, { number: b.number, title: b.title, ...(damagedLines.has(b.line) ? { damaged: true } : {}), sections: [] });
  }
  for (const r of rules) {
    if (r.kind !== 'section' || r.duplicate) continue;
    const p = r.parent;
    if (!parts.has(p)) parts.set(p, { number: p, title: '', sections: [] });
    parts.get(p)!.sections.push(r.number);
  }
  return [...parts.values()].sort((a, b) => Number(a.number) - Number(b.number));
}

// Keyword headings carry the English name: `702.19. 돌진 Trample`, `701.2. 起動/Activate`.
const BILINGUAL_HEADING = /^(.*[^\x00-\x7f].*?)\s*[/／]?\s*([A-Z][A-Za-z’'\- ]*[a-z])\s*$/;

/** English ↔ local keyword names from the bilingual keyword headings of sections 701 and 702. */
function deriveTermBridge(rules: Rule[], lang: string): TermBridgeEntry[] {
  if (lang === 'en') return [];
  const out: TermBridgeEntry[] = [];
  for (const r of rules) {
    const p = parseRuleNumber(r.number);
    if (!p || r.kind !== 'rule' || (p.section !== 701 && p.section !== 702) || p.rule === 1) continue;
    // A heading is text and terms only (a gap says the name lost characters: no pair from it).
    const first = r.body[0];
    if (!first || !first.every((n) => n.type === 'text' || n.type === 'term')) continue;
    const heading = paragraphText(first);
    // A heading is short; the length check also keeps the pattern linear on long rule lines.
    if (heading.length > 120) continue;
    const m = BILINGUAL_HEADING.exec(heading.trim());
    if (m) out.push({ term: m[1]!.trim(), english: m[2]!.trim(), source: r.number });
  }
  return out;
}
