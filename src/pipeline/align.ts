/**
 * Aligns a translation with the English document of the same edition by rule number: which
 * English rules the translation lacks (omitted or not yet translated) and which numbers it has
 * that English does not (stale rules such as Korean 504.3). Reported as info diagnostics; the
 * site uses `missing` to fall back to English, labelled.
 */
import type { RuleDocument } from '../model/types.ts';
import { diagnostic } from '../model/diagnostics.ts';

export interface Alignment {
  /** English rule numbers absent from the translation. */
  missing: string[];
  /** Translation rule numbers absent from English. */
  extra: string[];
}

export function alignWithEnglish(doc: RuleDocument, english: RuleDocument): Alignment {
  const local = new Set(doc.rules.filter((r) => !r.duplicate).map((r) => r.number));
  const en = new Set(english.rules.filter((r) => !r.duplicate).map((r) => r.number));
  const parts = new Set(doc.parts.map((p) => p.number));
  // A partial document is only compared on the parts it holds.
  const inScope = (n: string) => !doc.partial || parts.has(String(Math.floor(Number(n.split('.')[0]) / 100)));
  const missing = [...en].filter((n) => inScope(n) && !local.has(n));
  const extra = [...local].filter((n) => !en.has(n));
  for (const n of extra) {
    const r = doc.rules.find((x) => x.number === n)!;
    doc.diagnostics.push(diagnostic('not-in-english', { rule: n, edition: String(english.edition) }, { file: doc.file, line: r.line, rule: n }));
  }
  if (missing.length) {
    doc.diagnostics.push(diagnostic('untranslated', { form: missing.length > 20 ? 'first-20' : 'all', count: missing.length, edition: String(english.edition), rules: missing.slice(0, 20).join(', ') }, { file: doc.file, line: 1 }));
  }
  return { missing, extra };
}
