/**
 * Rules profiles and citations. The engine cites rules by their 2019-01-25 numbers; a citation is translated to the
 * numbering of the edition being run (or read) through the crosswalk. A citation written "=N" is already in the
 * running edition's numbering (used where the editions differ in substance, e.g. 2026 combat damage).
 */
import { CROSSWALK_2019_2026 } from './crosswalk.ts';
import type { Edition } from './types.ts';

export function translateRule(rule: string, edition: Edition | string): string {
  if (rule.startsWith('=')) return rule.slice(1);
  if (edition === '2026-01-16') return CROSSWALK_2019_2026[rule] ?? rule;
  return rule;
}

/** Translate a citation written in one edition's numbering into another's (only 2019 → 2026 is mapped). */
export function translateBetween(rule: string, from: Edition | string, to: Edition | string): string {
  if (from === to) return rule;
  if (from === '2019-01-25' && to === '2026-01-16') return CROSSWALK_2019_2026[rule] ?? rule;
  if (from === '2026-01-16' && to === '2019-01-25') {
    for (const [k, v] of Object.entries(CROSSWALK_2019_2026)) if (v === rule) return k;
  }
  return rule;
}

export interface RulesProfile {
  edition: Edition;
  /** 509.2 (2019): attackers blocked by several creatures have a damage assignment order. Removed in 2026. */
  damageAssignmentOrder: boolean;
  /** 120.4a (2026): the damage process begins with a step for excess damage; 2019's 119.4 has no such step. */
  excessDamageStep: boolean;
  /** Layer 7 sublayers in application order. */
  layer7: string[];
  /** Crew N taps "other untapped creatures" in 2026 (702.122a); in 2019 any untapped creatures, the Vehicle too (702.121a). */
  crewOthersOnly: boolean;
  /** A token the effect doesn't name is named after its subtypes (110.5c), in 2026 "plus the word Token" (111.4). */
  tokenNameSuffix: boolean;
}

export const PROFILES: Record<Edition, RulesProfile> = {
  '2019-01-25': { edition: '2019-01-25', damageAssignmentOrder: true, excessDamageStep: false, layer7: ['7a', '7b', '7c', '7d', '7e'], crewOthersOnly: false, tokenNameSuffix: false },
  '2026-01-16': { edition: '2026-01-16', damageAssignmentOrder: false, excessDamageStep: true, layer7: ['7a', '7b', '7c', '7d'], crewOthersOnly: true, tokenNameSuffix: true },
};
