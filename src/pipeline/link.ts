/**
 * Resolves cross-references against the document: a reference to a rule, section or part the
 * document lacks is kept and marked `missing` (a partial translation), never dropped. In a
 * complete document a missing target is a source defect and is reported.
 *
 * Rule numbers written without a word that introduces them (`rule`, `규칙`) — Korean numbers followed
 * by a particle or in a list (`101.4a의`, `608.2a와 608.2b의`, `601.2b 및 601.2e-h`), English `steps
 * 601.2a-h`, Japanese `601.2g〜601.2h` — become references too, but only where the document has
 * the rule (both ends of a range), or, for a partial translation, the same-edition English has it
 * (`linkWithEnglish`): such a number is then a reference and nothing else.
 */
import type { Inline, Paragraph, RuleDocument } from '../model/types.ts';
import { referencedNumbers } from '../model/text.ts';
import { rangeEnd } from './inline.ts';
import { diagnostic } from '../model/diagnostics.ts';
import { replaceInText } from './text-nodes.ts';

// A subrule-shaped number (`601.2a`, `616.1`) not inside a longer number or word, with an optional
// range tail (`-h`, `–h`, `〜h` or `～h`, `-601.2h`); a letter must not run into more Latin letters.
const BARE = /(?<![\d.A-Za-z])(\d{3}\.\d{1,3}(?:[a-z](?![a-z]))?)(?:[-–〜～~]((?:\d{3}\.\d{1,3}[a-z]?|[a-z])(?![a-z\d])))?(?![\d])(?!\.\d)/g;

/**
 * Bare rule numbers in the text nodes of a paragraph → references, where `numbers` has them. `self`:
 * the rule's own number, not a reference where the text starts with it (Korean `712.3b 712.3b 혼합…`).
 */
export function linkBareNumbers(p: Paragraph, numbers: ReadonlySet<string>, self?: string): Paragraph {
  if (!p.some((n) => n.type === 'text' && /\d{3}\.\d/.test(n.value))) return p;
  return replaceInText(p, BARE, (m, node) => {
    const from = m[1]!;
    const to = m[2] ? rangeEnd(from, m[2]) : undefined;
    if (!numbers.has(from) || (to !== undefined && !numbers.has(to))) return null;
    if (self === from && m.index === 0 && node === p[0]) return null; // the rule's own number starting its text
    return { type: 'ref', text: m[0], target: to ? { kind: 'range', number: from, to } : { kind: 'rule', number: from } };
  });
}

/**
 * `known`: rule numbers that exist beyond the document's own, for a partial translation the rules of
 * the same-edition English (`linkWithEnglish`): its bare numbers into chapters it lacks (Korean 2017
 * chapter 7's `601.2b 및 601.2e-h`) are references too, marked `missing` like any reference there.
 */
export function linkCrossReferences(doc: RuleDocument, known: ReadonlySet<string> = new Set()): void {
  const numbers = new Set([...doc.rules.map((r) => r.number), ...known]);
  for (const r of doc.rules) {
    r.body = r.body.map((p, i) => linkBareNumbers(p, numbers, i === 0 ? r.number : undefined));
    r.examples = r.examples.map((e) => e.map((p) => linkBareNumbers(p, numbers)));
  }
  for (const g of doc.glossary) g.definition = g.definition.map((p) => linkBareNumbers(p, numbers));
  const parts = new Set(doc.parts.map((p) => p.number));
  const own = new Set(doc.rules.map((r) => r.number));
  const exists = (n: Inline & { type: 'ref' }) => {
    const t = n.target;
    if (t.kind === 'part') return parts.has(t.number);
    if (t.kind === 'range') return own.has(t.number) && (!t.to || own.has(t.to));
    return own.has(t.number);
  };
  const visit = (p: Paragraph, line: number, where: string) => {
    for (const node of p) {
      if (node.type !== 'ref') continue;
      if (exists(node)) {
        delete node.missing;
        continue;
      }
      node.missing = true;
      if (!doc.partial) {
        doc.diagnostics.push(diagnostic('missing-ref', { rule: where, text: node.text, kind: node.target.kind }, { file: doc.file, line, rule: where }));
      }
    }
  };
  for (const r of doc.rules) {
    for (const p of r.body) visit(p, r.line, r.number);
    for (const e of r.examples) for (const p of e) visit(p, r.line, r.number);
  }
  for (const g of doc.glossary) {
    for (const p of g.definition) visit(p, g.line, `glossary "${g.term}"`);
    g.refs = [...new Set(g.definition.flatMap(referencedNumbers))];
  }
}

/**
 * A partial translation (chapter posts) cannot tell a bare number into a chapter it lacks from any
 * other number: the English of the same edition can. Links them again with the English rules as
 * known numbers; a full document is left as it is.
 */
export function linkWithEnglish(doc: RuleDocument, english: RuleDocument): void {
  if (!doc.partial || english.lang !== 'en' || english.edition !== doc.edition) return;
  linkCrossReferences(doc, new Set(english.rules.filter((r) => !r.duplicate).map((r) => r.number)));
}
