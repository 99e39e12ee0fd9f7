/**
 * The not-found page: read the path, go to the rule it names (src/site/host/short-address.ts), or, when
 * the rule does not exist, say so in the reader's language and offer the nearest rules (from the
 * edition's rule index), the same number in other editions, and a search. A path without a language
 * (`/702.19b`) takes the reader's preferred one (navigator.languages). Text goes in as text nodes.
 */
import { resolveLostPath } from '../lookup.ts';
import { nearestRules, findRule } from '../rule-index.ts';
import { loadRuleIndex } from './goto.ts';
import { format } from '../../i18n/translate.ts';
import { siteIndex } from './site-index.ts';
import { LANG_ALTERNATION, isLang, pathLang, type Lang } from '../../i18n/locales.ts';
import { resolveShortAddress } from '../host/short-address.ts';
import { editionApiDir, historySectionApi, ruleSection, sectionApiFile } from '../api-paths.ts';
import { paragraphText } from '../../model/text.ts';
import type { Paragraph } from '../../model/types.ts';

/** Whether the number ever named an English rule (its section's history file lists it). */
async function historyExists(rule: string): Promise<boolean> {
  const section = ruleSection(rule);
  if (!section) return false;
  try {
    const r = await fetch(historySectionApi(section));
    if (!r.ok) return false;
    const file = (await r.json()) as { numbers?: Record<string, unknown> };
    return Object.hasOwn(file.numbers ?? {}, rule);
  } catch {
    return false;
  }
}


/** The first of the reader's languages (`ja-JP` → `ja`) the site has, else English. */
export function preferredLang(languages: readonly string[]): Lang {
  for (const l of languages) {
    const code = l.toLowerCase().split('-')[0];
    if (isLang(code)) return code;
  }
  return 'en';
}

/** The first words of each rule in `numbers` (a section: its title), from their sections' files; missing ones are left out. */
async function ruleTitles(lang: string, edition: string, numbers: string[]): Promise<Map<string, { text: string; english: boolean }>> {
  const out = new Map<string, { text: string; english: boolean }>();
  const files = new Map<string, Promise<{ rules?: { number: string; body: Paragraph[]; translation?: { status: string } }[] } | null>>();
  for (const n of numbers) {
    const section = ruleSection(n);
    if (!section) continue;
    const url = `${editionApiDir(lang, edition)}${sectionApiFile(section)}`;
    if (!files.has(url)) files.set(url, fetch(url).then((r) => (r.ok ? r.json() : null)).catch(() => null));
    const rule = (await files.get(url))?.rules?.find((r) => r.number === n);
    const text = rule?.body[0] ? paragraphText(rule.body[0]).trim() : '';
    // An untranslated rule of a current edition is today's English: said so by its lang.
    if (text) out.set(n, { text: text.length > 80 ? `${text.slice(0, 79)}…` : text, english: rule?.translation?.status === 'untranslated' });
  }
  return out;
}

function item(doc: Document, href: string, text: string): HTMLLIElement {
  const li = doc.createElement('li');
  const a = doc.createElement('a');
  a.href = href;
  a.textContent = text;
  li.append(a);
  return li;
}

/**
 * A path dated by an edition's file name (`/en/2017-01-19/702.19b/`, file MagicCompRules_20170119.txt, effective
 * 2017-01-20): send the reader to the same place in the stated edition — its page where the site renders it, else the
 * rule's history at that edition, else the edition's row on the changes page — with `filedate` so the page says
 * which date is which. False when the date is no file-name date.
 */
async function toStatedEdition(loc: Location, lang: string, date: string, rule: string | null): Promise<boolean> {
  const index = await siteIndex();
  const stated = index?.fileDates?.[lang]?.[date];
  if (!stated) return false;
  const note = `filedate=${date}`;
  const withNote = (href: string) => {
    const [path, hash] = href.split('#');
    return `${path}${path!.includes('?') ? '&' : '?'}${note}${hash ? `#${hash}` : loc.hash}`;
  };
  const rendered = index!.editions.find((e) => e.lang === lang && e.edition === stated);
  if (rendered) {
    const ruleIndex = rule ? await loadRuleIndex(rendered.url) : null;
    const href = rule ? (ruleIndex && findRule(ruleIndex, rule)) ?? `${rendered.url}${rule}/` : rendered.url;
    loc.replace(withNote(href));
  } else if (lang === 'en' && rule && (await historyExists(rule))) {
    loc.replace(withNote(`/en/history/${rule}/?at=${stated}`));
  } else if (lang === 'en') {
    loc.replace(withNote(`/en/changes/#e-${stated}`));
  } else return false;
  return true;
}

async function notFound(doc: Document = document): Promise<void> {
  const view = doc.defaultView ?? window;
  const loc = view.location;
  const reader = preferredLang(view.navigator.languages ?? [view.navigator.language]);
  // A short rule address or the latest edition under its date: the page itself (no file of their own).
  const target = await resolveShortAddress(loc.pathname, (await siteIndex())?.editions ?? [], loadRuleIndex, reader);
  if (target) {
    loc.replace(target.includes('#') ? target : `${target}${loc.search}${loc.hash}`);
    return;
  }
  const lost = resolveLostPath(loc.pathname, reader);
  if (!lost) {
    // An edition named by its file-name date (`/en/2017-01-19/`): its stated edition.
    const root = new RegExp(`^/(${LANG_ALTERNATION})/(\\d{4}-\\d{2}-\\d{2})/?$`).exec(loc.pathname);
    if (root && (await toStatedEdition(loc, root[1]!, root[2]!, null))) return;
    // Not a rule: still say it in the language of the path (`/ja/…`).
    const lang = pathLang(loc.pathname);
    if (lang) showBlock(doc, lang);
    return;
  }
  if (lost.redirect) {
    loc.replace(lost.redirect + loc.hash);
    return;
  }
  if (!lost.rule) return;
  const editions = await siteIndex();
  if (lost.edition && (await toStatedEdition(loc, lost.lang, lost.edition, lost.rule))) return;
  // A pinned permalink of an English edition the site does not render (all 84 since 2009 are in the
  // history): the rule's history page, at that edition, says what the number named then and is today.
  // A rendered edition that lacks the number gets the not-found below (nearest rules, other editions).
  const rendered = (editions?.editions ?? []).some((e) => e.lang === 'en' && e.edition === lost.edition);
  if (lost.lang === 'en' && lost.edition && !rendered && (await historyExists(lost.rule))) {
    loc.replace(`/en/history/${lost.rule}/?at=${lost.edition}${loc.hash}`);
    return;
  }
  // Show the message in the language of the path.
  const block = showBlock(doc, lost.lang);
  if (!block) return;
  const d = block.dataset;
  const where = `/${lost.lang}/${lost.edition ? `${lost.edition}/` : ''}`;
  const index = await loadRuleIndex(where);
  const msg = block.querySelector<HTMLElement>('[data-nf-msg]');
  if (msg && index) msg.textContent = format(d['lRule'] ?? '', { n: lost.rule, edition: index.edition, lang: d['lLang'] ?? lost.lang });
  const list = block.querySelector<HTMLElement>('[data-notfound-list]');
  if (!list) return;
  if (index) {
    const near = nearestRules(index, lost.rule);
    if (near.length > 0) {
      list.append(heading(doc, d['lNearest'] ?? ''));
      const items = near.map((n) => {
        const li = item(doc, findRule(index, n) ?? `${where}${n}/`, n);
        list.append(li);
        return li;
      });
      // Then each with its first words, so the reader can tell them apart without opening each.
      const titles = await ruleTitles(lost.lang, index.edition, near);
      near.forEach((n, i) => {
        const title = titles.get(n);
        if (!title) return;
        const span = doc.createElement('span');
        span.className = 'nf-title';
        span.textContent = ` ${title.text}`;
        if (title.english) span.lang = 'en';
        items[i]!.append(span);
      });
    }
  }
  // The same number in the other editions of the language (a rule added or removed since).
  const others = (editions?.editions ?? []).filter((e) => e.lang === lost.lang && e.url !== where);
  const found: HTMLLIElement[] = [];
  for (const e of others) {
    const idx = await loadRuleIndex(e.url);
    const href = idx && findRule(idx, lost.rule);
    if (href) found.push(item(doc, href, `${lost.rule} (${e.edition})`));
  }
  if (found.length > 0) list.append(heading(doc, d['lOther'] ?? ''), ...found);
  list.append(item(doc, `/${lost.lang}/search/?q=${encodeURIComponent(lost.rule)}`, format(d['lSearch'] ?? '{q}', { q: lost.rule })));
}

/** Shows the not-found message of one language and hides the others. */
function showBlock(doc: Document, lang: string): HTMLElement | null {
  const block = doc.querySelector<HTMLElement>(`[data-nf-lang="${lang}"]`);
  if (!block) return null;
  for (const b of doc.querySelectorAll<HTMLElement>('[data-nf-lang]')) b.hidden = b !== block;
  doc.documentElement.lang = lang;
  return block;
}

function heading(doc: Document, text: string): HTMLLIElement {
  const li = doc.createElement('li');
  li.className = 'nf-h';
  li.textContent = text;
  return li;
}

export function initNotFound(doc: Document = document): void {
  if (doc.querySelector('[data-notfound]')) void notFound(doc);
}
