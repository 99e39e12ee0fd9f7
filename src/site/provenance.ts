/**
 * What a rule's small menu offers (one control per rule, so the text reads as rules, not as a defect log): for a
 * translated rule where the text comes from (a composed current edition's source rule, under its own number), the English,
 * the rule's history, what became of it in today's English (with a link that follows the history's chain to the
 * current edition), and whether its source lost characters; for an English rule its history. Pure over the site model; RuleEntry.astro renders it.
 */
import type { Rule, RuleTranslation } from '../model/types.ts';
import type { Lag } from '../history/lag.ts';
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

export interface RuleMenu {
  provenance: Provenance | null;
  /** The English of the edition the rule follows (same edition; today's for a composed one). */
  english: { href: string; edition: string } | null;
  history: string | null;
  /** Where the English went since (older translations), and the rule in the current edition of the language. */
  lag: (Lag & { now: { href: string; number: string } | null }) | null;
  damaged: boolean;
}

/**
 * The menu of a rule: on a translated edition its source, English, history, lag and damage; on an English page its
 * history. One control per rule, so a page's tab stops are its rules,
 * not their metadata. None where there is nothing to offer.
 */
export function ruleMenu(site: Site, ed: Edition, rule: Rule, history: string | null, lag: Lag | undefined): RuleMenu | null {
  // English: the lag of an older edition stays a visible line under the rule (RuleEntry), the history goes here.
  if (ed.lang === 'en') return history ? { provenance: null, english: null, history, lag: null, damaged: false } : null;
  const english = ed.english ? ruleHref(ed.english, rule.number) : null;
  const current = site.latest.get(ed.lang);
  const nowHref = lag?.current && current && current !== ed && current.edition === lag.english ? ruleHref(current, lag.current) : null;
  return {
    provenance: provenance(site, ed, rule),
    english: english ? { href: english, edition: ed.english!.edition } : null,
    history,
    lag: lag && lag.status !== 'unchanged' ? { ...lag, now: nowHref ? { href: nowHref, number: lag.current! } : null } : null,
    damaged: !!rule.damaged,
  };
}
