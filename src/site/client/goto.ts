/**
 * Go-to boxes (the header's and the /go/ page's): a rule number in any usual spelling moves to it (on
 * this page, or straight to the page holding it, found in the edition's rule index); words go to the
 * full-text search; anything else gets a message saying what was wrong. A number the edition lacks
 * goes to its address, where the not-found page offers the nearest rules.
 */
import { parseGoToQuery, type GoToError } from '../../model/rule-number.ts';
import { ruleQuery } from '../../search/rule-query.ts';
import { RULE_INDEX_FILE, findRule, type RuleIndex } from '../rule-index.ts';
import { BASE_RE, base, goToElement } from './page.ts';
import { format } from '../../i18n/translate.ts';
import { pathLang } from '../../i18n/locales.ts';

const indexes = new Map<string, Promise<RuleIndex | null>>();

/** The rule index of an edition base (`/en/` → `/en/rule-pages.json`), fetched once; null if unavailable. */
export function loadRuleIndex(where: string): Promise<RuleIndex | null> {
  let p = indexes.get(where);
  if (!p) {
    p = fetch(`${where}${RULE_INDEX_FILE}`)
      .then((r) => (r.ok ? (r.json() as Promise<RuleIndex>) : null))
      .catch(() => null);
    indexes.set(where, p);
  }
  return p;
}

const ERROR_KEY: Record<GoToError, string> = { empty: 'lEEmpty', section: 'lESection', rule: 'lERule', letter: 'lELetter', shape: 'lEShape' };

/** The message for a go-to error, from the form's `data-l-e-*` strings (`{q}` is what was typed). */
function errorMessage(form: HTMLElement, error: GoToError, text: string): string {
  return format(form.dataset[ERROR_KEY[error]] ?? text, { q: text });
}

/** Where a go-to query leads: `{ error }` to show, or a URL (null when it moved within this page). */
export async function resolveGoTo(query: string, where: string, doc: Document = document): Promise<{ error: GoToError; text: string } | { url: string | null }> {
  // `規則702.19b`, `룰 603.4`, `総合ルール 116.3b`: the words players put before a number (rule-query.ts).
  const named = ruleQuery(query);
  const q: ReturnType<typeof parseGoToQuery> = named ? { kind: 'rule', number: named } : parseGoToQuery(query);
  if (q.kind === 'error') return { error: q.error, text: q.text };
  const lang = pathLang(where) ?? 'en';
  if (q.kind === 'words') return { url: `/${lang}/search/?q=${encodeURIComponent(q.text)}` };
  const here = doc.getElementById(q.number);
  if (here?.dataset['rule'] && where === base(doc)) {
    goToElement(here, doc);
    return { url: null };
  }
  const index = await loadRuleIndex(where);
  return { url: (index && findRule(index, q.number)) ?? `${where}${q.number}/` };
}

/** Wires one go-to form: its text box, its edition base (hidden `base` field) and its message element. */
function wireGoto(form: HTMLFormElement, doc: Document = document, show?: (message: string) => void): void {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]');
  if (!input) return;
  const view = doc.defaultView ?? window;
  const where = (): string => {
    const b = form.querySelector<HTMLInputElement>('input[name="base"]')?.value ?? '';
    return BASE_RE.test(b) ? b : base(doc);
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void resolveGoTo(input.value, where(), doc).then((r) => {
      if ('error' in r) {
        const message = errorMessage(form, r.error, r.text);
        input.setCustomValidity(message);
        if (show) show(message);
        else input.reportValidity();
        return;
      }
      input.setCustomValidity('');
      if (r.url) view.location.href = r.url;
      else input.blur();
    });
  });
  input.addEventListener('input', () => {
    input.setCustomValidity('');
    show?.('');
  });
}

export function initGoto(doc: Document = document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-cr-goto]')) {
    const out = form.dataset['crGotoMessage'] ? doc.getElementById(form.dataset['crGotoMessage']) : null;
    wireGoto(form, doc, out ? (m) => void (out.textContent = m) : undefined);
  }
  initGoPage(doc);
}

/**
 * The /go/ page (`/en/go/?q=702.19b`): runs the query it was opened with. Without script the page
 * still offers its form and the list of sections.
 */
function initGoPage(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>('form[data-go-page]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  if (!form || !input) return;
  const view = doc.defaultView ?? window;
  const params = new URLSearchParams(view.location.search);
  const q = params.get('q');
  const b = params.get('base');
  const baseField = form.querySelector<HTMLInputElement>('input[name="base"]');
  if (b && BASE_RE.test(b) && baseField) baseField.value = b;
  if (q === null) return;
  input.value = q;
  form.requestSubmit();
}
