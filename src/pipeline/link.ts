/**
 * Resolves cross-references against the document: a reference to a rule, section or part the
 * document lacks is kept and marked `missing` (a partial translation), never dropped. In a
 * complete document a missing target is a source defect and is reported.
 */
import type { Inline, Paragraph, RuleDocument } from '../model/types.ts';
import { referencedNumbers } from '../model/text.ts';

export function linkCrossReferences(doc: RuleDocument): void {
  const numbers = new Set(doc.rules.map((r) => r.number));
  const parts = new Set(doc.parts.map((p) => p.number));
  const exists = (n: Inline & { type: 'ref' }) => {
    const t = n.target;
    if (t.kind === 'part') return parts.has(t.number);
    if (t.kind === 'range') return numbers.has(t.number) && (!t.to || numbers.has(t.to));
    return numbers.has(t.number);
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
        doc.diagnostics.push({
          severity: 'warning',
          file: doc.file,
          line,
          code: 'missing-ref',
          rule: where,
          message: `${where} refers to ${node.text}, which this document does not contain; expected an existing ${node.target.kind}`,
        });
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
