/** Builders for small rule documents and catalogs in site tests. */
import type { Catalog, CatalogEdition } from '../../src/pipeline/generated.ts';
import type { Lang, Paragraph, Rule, RuleDocument } from '../../src/model/types.ts';
import { parentNumber, ruleKind } from '../../src/model/rule-number.ts';

export function makeRule(number: string, text: string | Paragraph, extra: Partial<Rule> = {}): Rule {
  return {
    number,
    kind: ruleKind(number) ?? 'rule',
    parent: parentNumber(number),
    children: [],
    body: [typeof text === 'string' ? [{ type: 'text', value: text }] : text],
    examples: [],
    notes: [],
    line: 1,
    ...extra,
  };
}

export function makeDoc(rules: Rule[], extra: Partial<RuleDocument> = {}): RuleDocument {
  const sections = [...new Set(rules.map((r) => r.number.split('.')[0]!))];
  const parts = [...new Set(sections.map((s) => s[0]!))].map((p) => ({ number: p, title: `Part ${p}`, sections: sections.filter((s) => s[0] === p) }));
  return {
    lang: 'en',
    edition: '2026-01-16',
    title: 'Test Rules',
    format: 'en-text',
    file: 'test.txt',
    introduction: [],
    parts,
    rules,
    glossary: [],
    credits: [],
    termBridge: [],
    partial: false,
    diagnostics: [],
    ...extra,
  };
}

export function makeEdition(lang: Lang, edition: string, extra: Partial<CatalogEdition> = {}): CatalogEdition {
  return { lang, edition, latest: true, partial: false, title: 'T', ruleCount: 0, sources: [{ id: `${lang}-${edition}`, file: 'x.txt', credit: 'credit' }], english: lang === 'en' ? edition : null, untranslated: [], ...extra };
}

export function makeCatalog(editions: CatalogEdition[]): Catalog {
  return { editions, missingSources: [], sources: [] };
}
