/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * A query that is a rule number once the word for "rule" in front of it is set aside: what the
 * model's `normalizeRuleQuery` reads (`rule`, `CR`, `ルール`, `규칙`), plus the words Japanese and
 * Korean players also write — `룰 603.4` (the usual Korean word), `총칙`/`조항`, `総合ルール 116.3b`,
 * `規則702.19b`, `ルール第702.19b項` — so that they reach the number lookup instead of the text
 * ranking (where `룰` matched nothing and 603.4 was not in the top 10).
 */
import { normalizeRuleQuery } from '../model/rule-number.ts';

const PREFIX = /^(?:総合ルール|総合規則|規則|ルール|cr|룰|규칙|조항|rule|rules)(?:第)?[\s.:#-]*/iu;
const SUFFIX = /(?:項|条|번|조)$/u;

/**
 * The rule number a query names, or null.
 * @example ruleQuery('룰 603.4') // '603.4'
 * @example ruleQuery('総合ルール 116.3b') // '116.3b'
 */
export function ruleQuery(query: string): string | null {
  const direct = normalizeRuleQuery(query);
  if (direct) return direct;
  const s = query.normalize('NFKC').trim();
  const stripped = s.replace(PREFIX, '').replace(SUFFIX, '').trim();
  return stripped !== s ? normalizeRuleQuery(stripped) : null;
}
