/**
 * Result rows of both search boxes, built in the browser (so Astro's scoped styles never reach
 * them; their look is the global stylesheet search.css). One function makes the parts of a row —
 * rule number or glossary term, breadcrumb, snippet, cited rules — so the instant dropdown and the
 * full-text page show a result the same way. Text is set with textContent only (rule text is never
 * parsed as HTML), and mana symbols (`{G}`) are drawn as the reading pages draw them, with a text
 * alternative in the page's language.
 */
import type { Lang } from '../../model/types.ts';
import type { SearchHit } from '../../search/types.ts';
import { describeSymbol } from '../../site/render/symbols.ts';
import { LOCALES, isLang } from '../../i18n/locales.ts';
import { format } from '../../i18n/translate.ts';

/** A row's language badge (`JA`), from src/i18n/locales.ts; an unknown code shows as itself. */
const badgeOf = (lang: string): string => (isLang(lang) ? LOCALES[lang].badge : lang);
const SYMBOL = /\{([^{}\s]{1,12})\}/g;

/** Labels a row needs, read from the box's `data-l-*` attributes. */
export interface RowLabels {
  /** `Glossary`, `用語集`, `용어집`. */
  glossary: string;
  /** Before the cited rules of a glossary row: `See`, `参照`, `참조`. */
  see: string;
  /** Title of the language badge: `matched in`. */
  matched: string;
}

/** Text with mana and game symbols drawn as symbols (`{T}` → a circled ↷ named "tap symbol"). */
function symbolNodes(text: string, lang: Lang): Node[] {
  const out: Node[] = [];
  let at = 0;
  for (const m of text.matchAll(SYMBOL)) {
    if (m.index! > at) out.push(document.createTextNode(text.slice(at, m.index)));
    const s = describeSymbol(m[1]!, lang);
    const span = document.createElement('span');
    span.className = s.classes;
    span.setAttribute('role', 'img');
    span.setAttribute('aria-label', s.label);
    span.title = s.source;
    const glyph = document.createElement('span');
    glyph.setAttribute('aria-hidden', 'true');
    glyph.textContent = s.glyph;
    span.append(glyph);
    out.push(span);
    at = m.index! + m[0].length;
  }
  if (at < text.length) out.push(document.createTextNode(text.slice(at)));
  return out;
}

/** A snippet with its highlight ranges as <mark>, symbols drawn. */
const CJK = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\p{Script=Hangul}]/u;

/**
 * The language of a row's snippet: the hit's text language, except that a Japanese or Korean record without a
 * character of those scripts is English (a current edition shows the rules new since its translation in English).
 */
function snippetLang(hit: { lang: Lang; textLang?: Lang; snippet: string }): Lang {
  const lang = hit.textLang ?? hit.lang;
  return lang !== 'en' && !CJK.test(hit.snippet) ? 'en' : lang;
}

export function snippetNodes(snippet: string, marks: [number, number][], lang: Lang): Node[] {
  const out: Node[] = [];
  let at = 0;
  for (const [a, b] of marks) {
    if (a < at) continue;
    if (a > at) out.push(...symbolNodes(snippet.slice(at, a), lang));
    const m = document.createElement('mark');
    m.append(...symbolNodes(snippet.slice(a, b), lang));
    out.push(m);
    at = b;
  }
  if (at < snippet.length) out.push(...symbolNodes(snippet.slice(at), lang));
  return out;
}

function span(cls: string, text?: string): HTMLSpanElement {
  const el = document.createElement('span');
  el.className = cls;
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Where a hit leads: the rule (`/ja/702.19b/`), or the glossary entry. */
export function hitHref(hit: SearchHit, ruleBase: string, siteBase: string): string {
  if (hit.glossary) return hit.glossary.href ? `${siteBase}${hit.glossary.href}` : `${ruleBase}glossary/${hit.glossary.page ? `${hit.glossary.page}/` : ''}#${hit.number}`;
  return `${ruleBase}${hit.number}/`;
}

/**
 * The parts of one result row, in order: a head line (number or glossary term, language badge,
 * breadcrumb), the snippet, and for a glossary entry the rules it cites.
 */
export function rowParts(hit: SearchHit, pageLang: string, labels: RowLabels): HTMLElement[] {
  const head = span('cr-sr-head');
  if (hit.glossary) {
    head.append(span('cr-sr-kind', labels.glossary));
    const term = span('cr-sr-term', hit.glossary.term);
    head.append(term);
    if (hit.glossary.english && hit.glossary.english !== hit.glossary.term) {
      const en = span('cr-sr-crumb', hit.glossary.english);
      en.lang = 'en';
      head.append(en);
    }
  } else {
    head.append(span('cr-sr-num', hit.number));
  }
  if (hit.lang !== pageLang) {
    const badge = span('cr-sr-lang', badgeOf(hit.lang));
    badge.title = `${labels.matched} ${badgeOf(hit.lang)}`;
    head.append(badge);
  }
  if (!hit.glossary && hit.context) {
    const crumb = span('cr-sr-crumb', hit.context);
    crumb.lang = pageLang;
    head.append(crumb);
  }
  // The snippet's own language (a Japanese rule matched through English is Japanese text).
  const snip = span('cr-sr-snip');
  const textLang = snippetLang(hit);
  snip.lang = textLang;
  snip.append(...snippetNodes(hit.snippet, hit.marks, textLang));
  const parts = [head, snip];
  if (hit.glossary && hit.glossary.refs.length) {
    const refs = span('cr-sr-refs', `${labels.see} ${hit.glossary.refs.slice(0, 4).join(', ')}`);
    parts.push(refs);
  }
  return parts;
}

/** Labels from an element's dataset (`data-l-glossary`, `data-l-see`, `data-l-matched`). */
export function labelsOf(d: DOMStringMap): RowLabels {
  return { glossary: d['lGlossary'] ?? 'Glossary', see: d['lSee'] ?? '→', matched: d['lMatched'] ?? '' };
}

/**
 * A box's status line: the query as the search read it when it corrected a misspelling (`data-l-spelled`:
 * “Showing results for “trample””), then the other parts (the count, “Searching the rule text…”), joined by ` · `.
 */
export function statusLine(d: DOMStringMap, spelled: string | null | undefined, ...parts: (string | undefined)[]): string {
  return [spelled ? format(d['lSpelled'] ?? '', { q: spelled }) : '', ...parts].filter(Boolean).join(' · ');
}
