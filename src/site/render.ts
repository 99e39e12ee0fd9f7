/** Small presentation decisions over the rule model (pure). */
import type { Rule } from '../model/types.ts';

/**
 * A rule printed as a heading: a short title with subrules and no sentence of its own
 * (`702.19. Trample`, `701.2. Activate`). These become `<h2>` so the page outline lists them.
 */
export function isHeadingRule(rule: Rule): boolean {
  if (rule.kind !== 'rule' || rule.children.length === 0 || rule.body.length !== 1) return false;
  const text = rule.body[0]!.map((n) => (n.type === 'text' ? n.value : n.type === 'ref' || n.type === 'term' ? n.text : n.type === 'symbol' ? '{}' : '')).join('').trim();
  return text.length > 0 && text.length <= 60 && !/[.。:：]$/.test(text);
}

/** The number as the CR prints it: `702.`, `702.19.`, `702.19b`. */
export function displayNumber(rule: Pick<Rule, 'number' | 'kind'>): string {
  return rule.kind === 'subrule' ? rule.number : `${rule.number}.`;
}

/** When a translation follows an older edition than the latest English: what to say and where to go. */
export function translationLag(ed: { lang: string; edition: string }, latestEnglish: { edition: string; base: string } | null): { latest: string; href: string } | null {
  if (ed.lang === 'en' || !latestEnglish || ed.edition >= latestEnglish.edition) return null;
  return { latest: latestEnglish.edition, href: latestEnglish.base };
}

/** Only http(s) URLs from the documents become links (no `javascript:` or other schemes). */
export function safeExternalUrl(url: string | undefined): string | null {
  return url && /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
}
