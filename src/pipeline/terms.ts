/**
 * Link stage: glossary terms in rule text become `term` nodes, the first occurrence per rule of
 * distinctive glossary headwords: multi-word English headwords (`combat damage step`, not `card`),
 * Japanese headwords of four or more characters not inside a longer katakana word. Conservative on
 * purpose: a wrong link is worse than none. Text is only split, never changed.
 */
import type { GlossaryEntry, Inline, Lang, Paragraph, RuleDocument } from '../model/types.ts';
import { isHeadingRule } from '../model/text.ts';

export type TermLinker = (p: Paragraph, seen: Set<string>) => Paragraph;

const identity: TermLinker = (p) => p;

/** Surface forms of a headword: comma-joined headwords are separate names (`Kicker, Kicked`). */
function names(g: GlossaryEntry, lang: Lang): string[] {
  const term = g.term.replace(/\s*\((?:obsolete|廃止)\)\s*$/i, '').replace(/[“”"]/g, '');
  if (lang !== 'en' || /Order$/.test(term)) return [term];
  return term.split(/,\s*/);
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function createTermLinker(doc: Pick<RuleDocument, 'lang' | 'glossary'>): TermLinker {
  if (doc.glossary.length === 0 || doc.lang === 'ko') return identity;
  const byName = new Map<string, string>();
  for (const g of doc.glossary) {
    for (const n of names(g, doc.lang)) {
      const ok = doc.lang === 'en' ? /^[A-Za-z][A-Za-z'’-]*(?:[ -][A-Za-z'’]+)+$/.test(n) : [...n].length >= 4 && !/[A-Za-z]/.test(n);
      if (ok && !byName.has(n.toLowerCase())) byName.set(n.toLowerCase(), g.term);
    }
  }
  if (byName.size === 0) return identity;
  const alternatives = [...byName.keys()].sort((a, b) => b.length - a.length).map(escapeRe).join('|');
  const re =
    doc.lang === 'en'
      ? new RegExp(`(?<![A-Za-z])(?:${alternatives})(?![A-Za-z])`, 'gi')
      : new RegExp(`(?<![\\p{Script=Katakana}ー・])(?:${alternatives})(?![\\p{Script=Katakana}ー・])`, 'giu');
  return (p, seen) => {
    let changed = false;
    const out: Inline[] = [];
    for (const n of p) {
      if (n.type !== 'text') {
        out.push(n);
        continue;
      }
      let pos = 0;
      for (const m of n.value.matchAll(re)) {
        const term = byName.get(m[0].toLowerCase());
        if (!term || seen.has(term)) continue;
        seen.add(term);
        if (m.index! > pos) out.push({ type: 'text', value: n.value.slice(pos, m.index) });
        out.push({ type: 'term', text: m[0], term });
        pos = m.index! + m[0].length;
        changed = true;
      }
      if (pos === 0) out.push(n);
      else if (pos < n.value.length) out.push({ type: 'text', value: n.value.slice(pos) });
    }
    return changed ? out : p;
  };
}

/** Marks glossary terms in every rule's body and examples (not in headings and section titles). */
export function linkGlossaryTerms(doc: RuleDocument): void {
  const link = createTermLinker(doc);
  if (link === identity) return;
  for (const rule of doc.rules) {
    if (rule.kind === 'section') continue;
    const seen = new Set<string>();
    const heading = isHeadingRule(rule);
    rule.body = rule.body.map((p, i) => (heading && i === 0 ? p : link(p, seen)));
    rule.examples = rule.examples.map((ex) => ex.map((p) => link(p, seen)));
  }
}
