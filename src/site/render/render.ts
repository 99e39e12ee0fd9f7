/** Small presentation decisions over the rule model (pure). */
import type { Rule } from '../../model/types.ts';

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
