/**
 * Browser side of a rule number's history in Japanese or Korean (/ja/history/?n=702.19b&at=2019-01-25): reads the
 * history's outline (every chain's spans, no texts) and the slices holding the texts of the rules the number named,
 * puts them together as a store, and computes the histories with the build's own functions (history/history.ts),
 * rendered by the English pages' view (site/history/rule-history-view.ts) in the page's words; the rules' texts are
 * English and marked so. Then marks the rule the number named in edition `at`, as the English pages do.
 */
import { namedChains, numberHistories } from '../../history/history.ts';
import { readOutline, sliceOf, type HistoryOutline, type HistorySlice } from '../../history/outline.ts';
import type { HistoryStore, Span } from '../../history/store.ts';
import { historyTranslator, sentenceSpace } from '../../history/labels.ts';
import type { Catalog } from '../../i18n/translate.ts';
import { historySectionApi, ruleSection } from '../api-paths.ts';
import { comparePath, ruleHistoryPath } from '../history/history-paths.ts';
import { ruleHistoryView } from '../history/rule-history-view.ts';
import { toDom } from '../render/html-tree.ts';
import { initHistoryAt } from './history-at.ts';
import { fetchJson } from './fetch-json.ts';

/** A number as typed (`規則 702.19B.`, `702.19b`) in the form the history keys use. */
const normalize = (typed: string) => typed.toLowerCase().replace(/[^0-9a-z.]/g, '').replace(/\.+$/, '');

/** The outline's chains with the texts of the chains in `slices` (each slice's text ids moved past the others'). */
function withTexts(outline: HistoryStore, slices: readonly HistorySlice[]): HistoryStore {
  const texts: string[] = [];
  const rules = outline.rules.slice();
  for (const s of slices) {
    const at = texts.length;
    texts.push(...s.texts);
    s.ids.forEach((c, i) => (rules[c] = s.chains[i]!.map((sp): Span => [sp[0], sp[1], sp[2], sp[3] + at, sp[4].map((x) => x + at)])));
  }
  return { ...outline, texts, rules };
}

export async function initRuleHistory(doc: Document = document): Promise<void> {
  const form = doc.querySelector<HTMLFormElement>('form[data-rule-history]');
  const status = doc.querySelector<HTMLElement>('[data-history-status]');
  const result = doc.querySelector<HTMLElement>('[data-history-result]');
  if (!form || !status || !result) return;
  const lang = doc.documentElement.lang === 'ko' ? 'ko' : 'ja';
  const say = historyTranslator(JSON.parse(form.dataset['words'] ?? '{}') as Catalog, lang);
  const params = new URLSearchParams((doc.defaultView ?? window).location.search);
  const number = normalize(params.get('n') ?? '');
  const at = params.get('at') ?? undefined;
  const input = form.elements.namedItem('n') as HTMLInputElement | null;
  if (input) input.value = number;
  // The language links open the same number's history (English: its built page).
  for (const a of doc.querySelectorAll<HTMLAnchorElement>('a[data-same-page]')) {
    if (number) a.href = ruleHistoryPath(a.hreflang === 'ko' ? 'ko' : a.hreflang === 'ja' ? 'ja' : 'en', number, at);
  }
  if (!number) {
    status.textContent = '';
    return;
  }
  status.textContent = say('historyLoading');
  result.setAttribute('aria-busy', 'true');
  try {
    const os = readOutline(await fetchJson<HistoryOutline>(form.dataset['outline']!));
    const named = namedChains(os.store).get(number);
    const editions = os.store.editions;
    if (!named) {
      status.textContent = say('historyUnknown', { number, first: editions[0]! });
      return;
    }
    const homes = new Set(named.map((x) => sliceOf(os.outline.sliceParts, os.store.rules[x.chain]!, x.chain, false)));
    const slices = await Promise.all([...homes].map((home) => fetchJson<HistorySlice>(form.dataset['slice']!.replace('{slice}', home))));
    const histories = numberHistories(withTexts(os.store, slices), number, named);
    doc.title = say('historyTitle', { number });
    result.replaceChildren(toDom(doc, ruleHistoryView(number, histories, {
      t: say,
      editions,
      todayHref: (n) => `/en/${n}/`,
      historyHref: (n) => ruleHistoryPath(lang, n),
      pairHref: (from, to) => comparePath(from, to, lang),
      compareHref: (from, to, n) => `${comparePath(from, to, lang)}&q=${encodeURIComponent(n)}`,
      jsonHref: historySectionApi(ruleSection(number) ?? number),
      textLang: 'en',
      space: sentenceSpace(lang),
    })));
    status.textContent = '';
    initHistoryAt(doc);
    doc.documentElement.dataset['historyShown'] = number;
  } catch (e) {
    status.textContent = say('historyFailed', { message: (e as Error).message });
  } finally {
    result.removeAttribute('aria-busy');
  }
}
