/** Plain-text views of the model's inline content. Pure; shared by the pipeline, site, search. */
import type { Paragraph, Rule } from './types.ts';
import { expandRange } from './rule-number.ts';

/**
 * Plain text of a paragraph: symbols as `{T}`, references as their visible text, restored
 * characters as they read (`sourceText` leaves them out), no note markers or gaps.
 */
export function paragraphText(p: Paragraph): string {
  let s = '';
  for (const n of p) {
    if (n.type === 'text' || n.type === 'restored') s += n.value;
    else if (n.type === 'symbol') s += `{${n.value}}`;
    else if (n.type === 'ref' || n.type === 'term') s += n.text;
  }
  return s;
}

/** The characters of a paragraph as the source printed them: `paragraphText` without restored characters. */
export function sourceText(p: Paragraph): string {
  return paragraphText(p.filter((n) => n.type !== 'restored'));
}

/** Every rule number a paragraph refers to, ranges expanded (`103.2a–c` → 103.2a, 103.2b, 103.2c). */
export function referencedNumbers(p: Paragraph): string[] {
  const out: string[] = [];
  for (const n of p) {
    if (n.type !== 'ref') continue;
    const t = n.target;
    if (t.kind === 'range' && t.to) out.push(...expandRange(t.number, t.to));
    else out.push(t.number);
  }
  return out;
}

/**
 * A rule that is only a heading for its subrules: a keyword name (`702.19. Trample`,
 * `702.19. 돌진 Trample`), short and without closing punctuation.
 */
export function isHeadingRule(rule: Rule): boolean {
  if (rule.kind !== 'rule' || rule.children.length === 0 || rule.body.length !== 1) return false;
  const text = paragraphText(rule.body[0]!).trim();
  return text.length > 0 && text.length <= 60 && !/[.。:：]$/.test(text);
}
