/**
 * Splits the text nodes of a paragraph at the matches of a pattern, putting an inline element where a
 * match was: the one scanner behind bare rule numbers becoming references (link.ts), glossary terms
 * becoming term links (terms.ts) and proven lost words being restored (lost-words.ts). Other nodes
 * pass through untouched; the text around a match stays, in order, so no character is lost.
 */
import type { Inline, Paragraph } from '../model/types.ts';

/**
 * Every match of `re` (a global pattern) in the paragraph's text nodes, in order: `make` returns the
 * element that replaces the match (a zero-width match inserts it), or null to leave the match as
 * text (it also gets the text node the match is in). Returns `p` itself when nothing was replaced.
 */
export function replaceInText(p: Paragraph, re: RegExp, make: (m: RegExpExecArray, node: Inline & { type: 'text' }) => Inline | null): Paragraph {
  let changed = false;
  const out: Inline[] = [];
  for (const n of p) {
    if (n.type !== 'text') {
      out.push(n);
      continue;
    }
    let pos = 0;
    let hit = false;
    for (const m of n.value.matchAll(re)) {
      const made = make(m, n);
      if (!made) continue;
      if (m.index > pos) out.push({ type: 'text', value: n.value.slice(pos, m.index) });
      out.push(made);
      pos = m.index + m[0].length;
      hit = true;
    }
    if (!hit) out.push(n);
    else if (pos < n.value.length) out.push({ type: 'text', value: n.value.slice(pos) });
    changed ||= hit;
  }
  return changed ? out : p;
}
