/**
 * Turning what people paste or type into a rule URL. IMPORTED IN BOTH BUILD-TIME AND BROWSER CODE:
 * no Node APIs here.
 *
 * Accepted: `702.19b`, `702.19.`, `CR702.19b`, `rule 702.19b`, `규칙 702.19b`, `#R70219b`, full-width
 * `７０２．１９ｂ`, `cr702-19b` (Chinese judge wiki), `section-702-19b` (mtg.wtf).
 */
import { normalizeRuleQuery, parentNumber, parseGoToQuery } from '../model/rule-number.ts';
import { LANGS } from '../i18n/locales.ts';

const LANG_CODES = LANGS;
const EDITION = /^\d{4}-\d{2}-\d{2}$/;

/** Canonical rule number for a typed or pasted reference, or null. */
export function ruleFromQuery(input: string): string | null {
  let s: string;
  try {
    s = decodeURIComponent(input);
  } catch {
    s = input;
  }
  s = s.normalize('NFKC').trim();
  const direct = normalizeRuleQuery(s);
  if (direct) return direct;
  // Hyphenated anchors: cr702-19b, section-702-19b, 702-19b.
  const dashed = s.replace(/^#/, '').replace(/^(?:section|cr|rule)[-_\s]*/i, '');
  const m = /^(\d{3})(?:[-_.](\d{1,3})([a-z])?)?\.?$/i.exec(dashed);
  if (m) return `${Number(m[1])}${m[2] ? `.${Number(m[2])}${m[3] ? m[3].toLowerCase() : ''}` : ''}`;
  // The go-to box's forgiving spellings: `702,19b`, `702 19b`, `702-19-b`.
  const g = parseGoToQuery(s);
  return g.kind === 'rule' ? g.number : null;
}

export interface LostPath {
  lang: string;
  /** `2019-01-25` when the path named an edition. */
  edition: string | null;
  /** The rule number the path asked for, when it looks like one. */
  rule: string | null;
  /** Where to send the reader, or null when the path is already canonical (the rule does not exist). */
  redirect: string | null;
}

/**
 * Reads a path the site has no page for (the 404 handler): `/en/CR702.19b`, `/ja/2019-01-25/702.19.`,
 * `/702.19b` (no language: English). Returns null when the path holds no rule number.
 */
export function resolveLostPath(pathname: string, fallbackLang = 'en'): LostPath | null {
  const parts = pathname.split('/').filter(Boolean);
  let lang = fallbackLang;
  if (parts[0] && (LANG_CODES as readonly string[]).includes(parts[0].toLowerCase())) lang = parts.shift()!.toLowerCase();
  let edition: string | null = null;
  if (parts[0] && EDITION.test(parts[0])) edition = parts.shift()!;
  if (parts.length > 0 && /^index\.html?$/i.test(parts[parts.length - 1]!)) parts.pop();
  if (parts.length !== 1) return null;
  const rule = ruleFromQuery(parts[0]!);
  if (!rule) return null;
  const canonical = `/${lang}/${edition ? `${edition}/` : ''}${rule}/`;
  const decoded = (() => {
    try {
      return decodeURIComponent(pathname);
    } catch {
      return pathname;
    }
  })();
  return { lang, edition, rule, redirect: decoded === canonical ? null : canonical };
}

/** Numbers to offer when a rule does not exist: its parents up to the section (`702.19z` → 702.19, 702). */
export function ancestors(rule: string): string[] {
  const out: string[] = [];
  for (let n = parentNumber(rule); n && /^\d{3}/.test(n); n = parentNumber(n)) out.push(n);
  return out;
}
