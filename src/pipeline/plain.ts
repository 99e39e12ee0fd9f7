/** The model as plain JSON for the command line and other tools (the `cr parse` contract). */
import type { Diagnostic, RuleDocument } from '../model/types.ts';
import { paragraphText, referencedNumbers } from '../model/text.ts';

interface PlainRule {
  number: string;
  kind: string;
  text: string;
  examples: string[];
  refs: string[];
  notes: string[];
  line: number;
  printedNumber?: string;
  damaged?: boolean;
  duplicate?: boolean;
}

export interface PlainDocument {
  lang: string;
  edition: string | null;
  title: string;
  format: string;
  file: string;
  partial: boolean;
  parts: { number: string; title: string; sections: string[] }[];
  rules: PlainRule[];
  glossary: { term: string; definition: string; reading?: string; english?: string; refs: string[]; notes?: string[] }[];
  termBridge: { term: string; english: string; source: string }[];
  diagnostics: Diagnostic[];
}

export function toPlainDocument(doc: RuleDocument): PlainDocument {
  return {
    lang: doc.lang,
    edition: doc.edition,
    title: doc.title,
    format: doc.format,
    file: doc.file,
    partial: doc.partial,
    parts: doc.parts,
    rules: doc.rules.map((r) => {
      const paragraphs = [...r.body, ...r.examples.flat()];
      const out: PlainRule = {
        number: r.number,
        kind: r.kind,
        text: r.body.map(paragraphText).join('\n'),
        examples: r.examples.map((e) => e.map(paragraphText).join('\n')),
        refs: [...new Set(paragraphs.flatMap(referencedNumbers))],
        notes: r.notes.map((n) => n.text),
        line: r.line,
      };
      if (r.printedNumber) out.printedNumber = r.printedNumber;
      if (r.damaged) out.damaged = true;
      if (r.duplicate) out.duplicate = true;
      return out;
    }),
    glossary: doc.glossary.map((g) => ({
      term: g.term,
      definition: g.definition.map(paragraphText).join('\n'),
      ...(g.reading ? { reading: g.reading } : {}),
      ...(g.english ? { english: g.english } : {}),
      refs: g.refs,
      ...(g.notes?.length ? { notes: g.notes.map((n) => n.text) } : {}),
    })),
    termBridge: doc.termBridge,
    diagnostics: doc.diagnostics,
  };
}
