/**
 * Several partial documents of one (language, edition) → one document: the Korean 2017 seeds are
 * four chapter posts of the same translation. Rules keep their order by part; references are
 * linked again, so a reference from chapter 1 into chapter 7 resolves once both are present.
 * A chapter post's title names the post (`title: 5. 턴의 구조`, or a blog's placeholder such as
 * "Example2" and "test"), never the Comprehensive Rules as a whole: an edition made of posts has no
 * title of its own, and the site names it in the reader's language instead.
 */
import type { RuleDocument } from '../model/types.ts';
import { compareRuleNumbers } from '../model/rule-number.ts';
import { linkCrossReferences } from './link.ts';

/**
 * `items` (one per document: the documents themselves, or their manifest entries) in the order of the documents'
 * chapters, by each document's first rule: the order they are merged in, and the order an edition lists its
 * sources in (chapters 1, 5, 7, 9, whatever order the manifest gives them).
 */
export function inChapterOrder<T>(docs: readonly RuleDocument[], items: readonly T[]): T[] {
  const first = (i: number) => docs[i]!.rules[0]?.number ?? '999';
  return items.map((_, i) => i).sort((a, b) => compareRuleNumbers(first(a), first(b))).map((i) => items[i]!);
}

export function mergeDocuments(docs: RuleDocument[]): RuleDocument {
  if (docs.every((d) => d.partial)) docs = docs.map((d) => ({ ...d, title: '' }));
  if (docs.length === 1) return docs[0]!;
  const sorted = inChapterOrder(docs, docs);
  const first = sorted[0]!;
  const merged: RuleDocument = {
    ...first,
    file: sorted.map((d) => d.file).join(' + '),
    introduction: sorted.flatMap((d) => d.introduction),
    parts: sorted.flatMap((d) => d.parts).sort((a, b) => Number(a.number) - Number(b.number)),
    rules: sorted.flatMap((d) => d.rules),
    glossary: sorted.flatMap((d) => d.glossary),
    credits: sorted.flatMap((d) => d.credits),
    termBridge: sorted.flatMap((d) => d.termBridge),
    partial: sorted.some((d) => d.partial),
    diagnostics: sorted.flatMap((d) => d.diagnostics),
  };
  // Diagnostics about missing targets were per file; only what is still missing is reported again.
  merged.diagnostics = merged.diagnostics.filter((d) => d.code !== 'missing-ref');
  linkCrossReferences(merged);
  return merged;
}
