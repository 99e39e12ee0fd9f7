/**
 * Restores one-character words the Japanese seed lost together with their reading, only where the
 * same-edition English proves them and the place is unambiguous. Pure; mutates the Japanese model.
 *
 *  - 引 (draw) and 探 (search): the reader marks where they vanished (a `gap` with `word`, from the
 *    left-over ending: `カードく`, `領域からす`, ja-damage.ts). The gap becomes the restored word when
 *    the English rule of the same number speaks of drawing / searching; otherwise it stays a gap.
 *  - 絵 (illustration): no ending is left, only two particles that cannot touch (`ものがであり`,
 *    `タイプ行の左、のすぐ下`). Restored only in rules whose English mentions the illustration, where
 *    every such place (checked on the 2019-01-25 texts) is the lost 絵.
 *    Glossary entries use the English entry of the same English name as evidence.
 *  - `rule N〔〕`: an empty cross-reference title whose English title is a glossary headword of one
 *    character (`rule 203〔〕` → 絵, English section 203 "Illustration" = glossary 絵/Illustration).
 *  - the `〔` of `rule N〔title〕` the reader restored (evidence `〕`, the bracket that closes it) gets the
 *    English title of rule N as its evidence (`rule 8〔多人数戦ルール〕`: "Multiplayer Rules").
 *  - the head of a keyword printed without it (`702.65. 査/Delve`, glossary 探査/Delve, English 702.65
 *    "Delve"): restored before the keyword in its heading and subrules (`restoreKeywordHeads`).
 *
 * A restored character is a `restored` node, never text: the page shows it marked as not printed.
 */
import type { Inline, Paragraph, Rule, RuleDocument } from '../model/types.ts';
import { isHeadingRule, paragraphText } from '../model/text.ts';
import { replaceInText } from './text-nodes.ts';
import { withoutSense } from './furigana.ts';

const EVIDENCE: Record<string, RegExp> = { 引: /\bdr[ae]w/i, 探: /\bsearch/i };
const EVIDENCE_WORD: Record<string, string> = { 引: 'draw', 探: 'search' };
// Two particles (or 、 and a particle) touching: a noun stood between them. `ができる` is a verb.
const PARTICLES_TOUCH = /(?<=[がは、])(?=[でのと])(?!で[きる])/g;

export interface RestoreResult {
  restored: number;
  /** Lost-word gaps left as gaps (no English proof). */
  unproven: number;
}

function splitText(p: Paragraph, re: RegExp, node: () => Inline): { p: Paragraph; count: number } {
  let count = 0;
  const out = replaceInText(p, re, () => (count++, node()));
  return { p: out, count };
}

export function restoreLostWords(ja: RuleDocument, en: RuleDocument): RestoreResult {
  const result: RestoreResult = { restored: 0, unproven: 0 };
  if (ja.lang !== 'ja' || ja.edition !== en.edition) return result;
  const english = new Map(en.rules.filter((r) => !r.duplicate).map((r) => [r.number, r]));
  const textOf = (r: Rule) => [...r.body, ...r.examples.flat()].map(paragraphText).join(' ');
  // English titles of sections and keyword rules → a one-character Japanese glossary term of that English name.
  const oneChar = new Map(ja.glossary.filter((g) => g.english && [...g.term].length === 1).map((g) => [g.english!.toLowerCase(), g.term]));
  // The English title of a section or keyword rule (`702.54` → `Haunt`), as `rule N〔title〕` cites it.
  const partTitles = new Map(en.parts.map((p) => [p.number, p.title]));
  const englishTitle = (number: string): string => {
    if (partTitles.has(number)) return partTitles.get(number)!;
    const r = english.get(number);
    return r?.body[0] && (r.kind === 'section' || isHeadingRule(r)) ? paragraphText(r.body[0]).trim().replace(/\.$/, '') : '';
  };
  const titleWord = (number: string): string | undefined => oneChar.get(englishTitle(number).toLowerCase());

  const fix = (p: Paragraph, enText: string, illustration: boolean): { p: Paragraph; changed: boolean } => {
    let changed = false;
    let out: Paragraph = p.map((n): Inline => {
      if (n.type !== 'gap' || !n.word) return n;
      const proof = EVIDENCE[n.word];
      if (proof && proof.test(enText)) {
        changed = true;
        result.restored++;
        return { type: 'restored', value: n.word, evidence: EVIDENCE_WORD[n.word]! };
      }
      result.unproven++;
      return n;
    });
    if (illustration) {
      const s = splitText(out, PARTICLES_TOUCH, () => ({ type: 'restored', value: '絵', evidence: 'illustration' }));
      if (s.count) {
        out = s.p;
        changed = true;
        result.restored += s.count;
      }
    }
    // `rule N〔〕`: the title between the brackets was one lost term. The `〔` is printed, or restored by
    // the reader (a `restored` node, `〕` its evidence): then the English title of rule N is its evidence.
    const withTitles: Inline[] = [];
    out.forEach((n, i) => {
      const prev = out[i - 1];
      const next = out[i + 1];
      const title = prev?.type === 'ref' ? englishTitle(prev.target.number) : '';
      const restoredOpen = n.type === 'restored' && n.value === '〔';
      const empty = n.type === 'text' ? n.value.startsWith('〔〕') : restoredOpen && next?.type === 'text' && next.value.startsWith('〕');
      const word = empty && prev?.type === 'ref' ? titleWord(prev.target.number) : undefined;
      if (n.type === 'restored' && restoredOpen) withTitles.push(title && n.evidence === '〕' ? { ...n, evidence: title } : n);
      else if (word) withTitles.push({ type: 'text', value: '〔' });
      else {
        withTitles.push(n);
        return;
      }
      if (!word) return;
      withTitles.push({ type: 'restored', value: word, evidence: title || word });
      if (n.type === 'text' && n.value.length > 1) withTitles.push({ type: 'text', value: n.value.slice(1) });
      changed = true;
      result.restored++;
    });
    return { p: withTitles, changed };
  };

  for (const r of ja.rules) {
    const e = english.get(r.number);
    const enText = e ? textOf(e) : '';
    const illustration = /\billustration\b/i.test(enText) && r.kind !== 'section';
    let changed = false;
    const apply = (p: Paragraph) => {
      const f = fix(p, enText, illustration);
      changed ||= f.changed;
      return f.p;
    };
    r.body = r.body.map(apply);
    r.examples = r.examples.map((ex) => ex.map(apply));
    if (changed) r.damaged = true;
  }
  result.restored += restoreKeywordHeads(ja, english);
  // Glossary entries: the English entry of the same English name is the evidence.
  const enGlossary = new Map(en.glossary.map((g) => [g.term.toLowerCase(), g.definition.map(paragraphText).join(' ')]));
  for (const g of ja.glossary) {
    const names = withoutSense(g.english ?? '').split('/');
    const enText = names.map((n) => enGlossary.get(n.trim().toLowerCase()) ?? '').join(' ');
    let changed = false;
    g.definition = g.definition.map((p) => {
      const f = fix(p, enText, false);
      changed ||= f.changed;
      return f.p;
    });
    if (changed) g.damaged = true;
  }
  return result;
}

/**
 * A keyword whose first character was lost with its reading (探査/Delve printed `査/Delve`: 探 was a
 * one-kanji ruby of its own): the heading `702.65. 査/Delve` names the English keyword, the English
 * rule of that number has the same title, and the glossary's term for it (探査/Delve) ends with what
 * is printed. The lost head (探) is restored before every printed 査 of the heading and its subrules
 * that lacks it, with the English keyword as evidence. Returns how many were restored.
 */
function restoreKeywordHeads(ja: RuleDocument, english: Map<string, Rule>): number {
  const byEnglish = new Map<string, string>();
  for (const g of ja.glossary) {
    const name = withoutSense(g.english ?? '').toLowerCase();
    if (name && !byEnglish.has(name)) byEnglish.set(name, g.term);
  }
  let restored = 0;
  for (const heading of ja.rules) {
    if (heading.kind !== 'rule' || heading.body.length !== 1) continue;
    const m = /^([^/\s]+)\/([A-Za-z][^/]*)$/.exec(paragraphText(heading.body[0]!).trim());
    if (!m) continue;
    const [, printed, name] = m as unknown as [string, string, string];
    const en = english.get(heading.number);
    const term = byEnglish.get(name.toLowerCase());
    if (!en || !term || paragraphText(en.body[0] ?? []).trim().replace(/\.$/, '').toLowerCase() !== name.toLowerCase()) continue;
    if (term === printed || !term.endsWith(printed)) continue;
    // Only one kanji can have been its own ruby element (the extraction drops one-character nodes).
    const head = term.slice(0, -printed.length);
    if (!/^\p{Script=Han}$/u.test(head)) continue;
    const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const at = new RegExp(`(?<!${escape(head)})(?=${escape(printed)})`, 'gu');
    const family = ja.rules.filter((r) => r.number === heading.number || (r.number.startsWith(heading.number) && /^[a-z]$/.test(r.number.slice(heading.number.length))));
    for (const r of family) {
      const apply = (p: Paragraph) => {
        const out = replaceInText(p, at, () => (restored++, { type: 'restored', value: head, evidence: name }));
        if (out !== p) r.damaged = true;
        return out;
      };
      r.body = r.body.map(apply);
      r.examples = r.examples.map((ex) => ex.map(apply));
    }
  }
  return restored;
}
