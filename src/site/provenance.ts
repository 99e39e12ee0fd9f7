/**
 * Where a rule of a composed current edition comes from, as the page shows it: the translated rule (a link to it
 * in the translation as published, under its own number), today's English, and the status. Pure over the site
 * model; the components only render it.
 */
import type { Rule, RuleTranslation } from '../model/types.ts';
import { ruleHref, type Edition, type Site } from './site.ts';

export interface Provenance {
  status: RuleTranslation['status'];
  /** The translated rule in its own edition (`/ja/2019-01-25/119/#119.4`), when the build has that edition. */
  from: { edition: string; number: string; href: string | null } | null;
  /** Today's English of the rule. */
  englishHref: string | null;
}

export function provenance(site: Site, ed: Edition, rule: Rule): Provenance | null {
  const tr = rule.translation;
  if (!tr) return null;
  const source = tr.from ? site.get(ed.lang, tr.from.edition) : undefined;
  return {
    status: tr.status,
    from: tr.from ? { ...tr.from, href: source ? ruleHref(source, tr.from.number) : null } : null,
    englishHref: ed.english ? ruleHref(ed.english, rule.number) : null,
  };
}
