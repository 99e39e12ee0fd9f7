/**
 * Link stage: glossary terms in rule text become `term` nodes, the first occurrence per rule of
 * distinctive glossary headwords: multi-word English headwords (`combat damage step`, not `card`),
 * Japanese terms of four or more characters not inside a longer katakana word. Conservative on
 * purpose: a wrong link is worse than none. Text is only split, never changed.
 *
 * English is matched by string. Japanese is not: where two terms touch (呪文|能力, a particle lost
 * between them) a string match would find a false term (呪文能力 "spell ability"). The Japanese
 * reader marks every term the source marks as one term (one ruby span or one link) as a `term`
 * node; here only the first distinctive one per rule stays a link, the others become text again.
 * A headword two entries share (イベント: Event, Tournament) is told apart by the same-edition English
 * (`resolveTermSenses`, run by the data stage).
 */
import type { GlossaryEntry, Inline, Lang, Paragraph, RuleDocument } from '../model/types.ts';
import { isHeadingRule, paragraphText } from '../model/text.ts';
import { replaceInText } from './text-nodes.ts';
import { alternation } from './alternation.ts';
import { withoutSense } from './furigana.ts';

export type TermLinker = (p: Paragraph, seen: Set<string>) => Paragraph;

const identity: TermLinker = (p) => p;

/** Surface forms of a headword: comma-joined headwords are separate names (`Kicker, Kicked`). */
function names(g: GlossaryEntry, lang: Lang): string[] {
  const term = g.term.replace(/\s*\((?:obsolete|廃止)\)\s*$/i, '').replace(/[“”"]/g, '');
  if (lang !== 'en' || /Order$/.test(term)) return [term];
  return term.split(/,\s*/);
}


const KATAKANA_WORD = /[\p{Script=Katakana}ー・]/u;

/** Text and term nodes merged back into text, except the terms `keep` accepts. */
function unwrapTerms(p: Paragraph, keep: (n: Inline & { type: 'term' }, before: string, after: string) => boolean): Paragraph {
  if (!p.some((n) => n.type === 'term')) return p;
  const out: Inline[] = [];
  const pushText = (value: string) => {
    const prev = out[out.length - 1];
    if (prev?.type === 'text') out[out.length - 1] = { type: 'text', value: prev.value + value };
    else out.push({ type: 'text', value });
  };
  p.forEach((n, i) => {
    if (n.type === 'text') pushText(n.value);
    else if (n.type !== 'term') out.push(n);
    else {
      const prev = p[i - 1];
      const next = p[i + 1];
      const before = prev?.type === 'text' ? prev.value.slice(-1) : '';
      const after = next?.type === 'text' ? next.value.slice(0, 1) : '';
      if (keep(n, before, after)) out.push(n);
      else pushText(n.text);
    }
  });
  return out;
}

/** Japanese: of the terms the source marks, the first per rule of four or more characters, not inside a katakana word. */
function createSourceTermLinker(): TermLinker {
  return (p, seen) =>
    unwrapTerms(p, (n, before, after) => {
      if ([...n.text].length < 4 || /[A-Za-z]/.test(n.text) || seen.has(n.term)) return false;
      if (KATAKANA_WORD.test(before) || KATAKANA_WORD.test(after)) return false;
      seen.add(n.term);
      return true;
    });
}

const unlinkAll = (p: Paragraph) => unwrapTerms(p, () => false);

export function createTermLinker(doc: Pick<RuleDocument, 'lang' | 'glossary'>): TermLinker {
  if (doc.lang === 'ja') return createSourceTermLinker();
  if (doc.glossary.length === 0 || doc.lang === 'ko') return identity;
  const byName = new Map<string, string>();
  for (const g of doc.glossary) {
    for (const n of names(g, doc.lang)) {
      const ok = doc.lang === 'en' ? /^[A-Za-z][A-Za-z'’-]*(?:[ -][A-Za-z'’]+)+$/.test(n) : [...n].length >= 4 && !/[A-Za-z]/.test(n);
      if (ok && !byName.has(n.toLowerCase())) byName.set(n.toLowerCase(), g.term);
    }
  }
  if (byName.size === 0) return identity;
  const alternatives = alternation(byName.keys());
  const re =
    doc.lang === 'en'
      ? new RegExp(`(?<![A-Za-z])(?:${alternatives})(?![A-Za-z])`, 'gi')
      : new RegExp(`(?<![\\p{Script=Katakana}ー・])(?:${alternatives})(?![\\p{Script=Katakana}ー・])`, 'giu');
  return (p, seen) =>
    replaceInText(p, re, (m) => {
      const term = byName.get(m[0].toLowerCase());
      if (!term || seen.has(term)) return null;
      seen.add(term);
      return { type: 'term', text: m[0], term };
    });
}

/** Marks glossary terms in every rule's body and examples (not in headings and section titles). */
export function linkGlossaryTerms(doc: RuleDocument): void {
  const link = createTermLinker(doc);
  if (link === identity) return;
  for (const rule of doc.rules) {
    const seen = new Set<string>();
    const heading = rule.kind === 'section' || isHeadingRule(rule);
    rule.body = rule.body.map((p, i) => (heading && i === 0 ? unlinkAll(p) : link(p, seen)));
    rule.examples = rule.examples.map((ex) => ex.map((p) => link(p, seen)));
  }
  for (const g of doc.glossary) g.definition = g.definition.map(unlinkAll);
}

/**
 * A translation's headword that names two glossary entries (Japanese イベント: Event, Tournament): each
 * linked occurrence gets the entry the same-edition English rule of the same number speaks of, by the
 * entry's English name among its words (`tournament` or `event`, plural too). Where the English names
 * both or neither, the occurrence cannot be told apart: it becomes text again (a wrong link is worse
 * than none). Returns how many occurrences went to each English name, and how many were unlinked.
 */
export function resolveTermSenses(doc: RuleDocument, english: RuleDocument): Map<string, number> {
  const counts = new Map<string, number>();
  if (doc.lang === 'en' || english.lang !== 'en' || english.edition !== doc.edition) return counts;
  const senses = new Map<string, string[]>();
  for (const g of doc.glossary) {
    const name = withoutSense(g.english ?? '');
    if (name) senses.set(g.term, [...(senses.get(g.term) ?? []), name]);
  }
  for (const [term, names] of senses) if (names.length < 2) senses.delete(term);
  if (senses.size === 0) return counts;
  const words = new Map(english.rules.filter((r) => !r.duplicate).map((r) => [r.number, [...r.body, ...r.examples.flat()].map(paragraphText).join(' ')]));
  const patterns = new Map([...senses.values()].flat().map((name) => [name, new RegExp(`(?<![A-Za-z])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?(?![A-Za-z])`, 'i')]));
  const mentions = (text: string, name: string) => patterns.get(name)!.test(text);
  const count = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
  for (const rule of doc.rules) {
    const text = words.get(rule.number) ?? '';
    const resolve = (p: Paragraph): Paragraph => {
      if (!p.some((n) => n.type === 'term' && senses.has(n.term))) return p;
      const named = p.map((n) => {
        if (n.type !== 'term' || !senses.has(n.term)) return n;
        const meant = senses.get(n.term)!.filter((name) => mentions(text, name));
        count(meant.length === 1 ? meant[0]! : '');
        return meant.length === 1 ? { ...n, english: meant[0]! } : n;
      });
      return unwrapTerms(named, (n) => !senses.has(n.term) || n.english !== undefined);
    };
    rule.body = rule.body.map(resolve);
    rule.examples = rule.examples.map((ex) => ex.map(resolve));
  }
  return counts;
}
