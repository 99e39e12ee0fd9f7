/**
 * Language, edition and parallel-view links keep the reader's place: the rule is read when the link is
 * used (the rule in view, or the hash), never when the page loaded. A language or edition link
 * (`data-switch`) goes to that rule's URL in the other edition, or to its nearest ancestor there (a HEAD
 * request per try); a view link (`data-parallel`: to or from a parallel view, same rules) gets the rule
 * as its fragment.
 */
import { ancestors } from '../lookup.ts';
import { BASE_RE, currentRule, exists } from './page.ts';
import { format } from '../../i18n/translate.ts';

/** The URL a parallel-view link should open for `rule`: its page with the rule as fragment. */
function withRule(href: string, rule: string): string {
  return `${href.split('#')[0]}#${rule}`;
}

/** The link's map of the page's numbers another edition numbers otherwise (src/site/nav.ts), or an empty one. */
export function readRenumber(attr: string | undefined): Record<string, string | null> {
  if (!attr) return {};
  try {
    const v: unknown = JSON.parse(attr);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string | null>) : {};
  } catch {
    return {};
  }
}

/**
 * Where to look for `rule` in the other edition, best first: its own number there (the history's chain: 2019's
 * 120.4 is today's 121.4), then its ancestors' numbers there; a rule the other edition lacks (null) is skipped.
 */
export function targetsFor(rule: string, renumber: Record<string, string | null>): string[] {
  const out: string[] = [];
  for (const n of [rule, ...ancestors(rule)]) {
    const m = Object.hasOwn(renumber, n) ? renumber[n] : n;
    if (m && !out.includes(m)) out.push(m);
  }
  return out;
}

const ABSENT = 'cr-atlas-absent';

function rememberAbsent(view: Window, rule: string, from: string): void {
  try {
    view.sessionStorage.setItem(ABSENT, JSON.stringify({ rule, from }));
  } catch {
    // No session storage: the reader lands on the nearest place without the note.
  }
}

function takeAbsent(view: Window): { rule?: unknown; from?: unknown } | null {
  try {
    const saved = view.sessionStorage.getItem(ABSENT);
    view.sessionStorage.removeItem(ABSENT);
    return saved ? (JSON.parse(saved) as { rule?: unknown; from?: unknown }) : null;
  } catch {
    return null;
  }
}

/** On the page a switch landed on: says that the rule the reader came from is not in this edition (once). */
export function showAbsent(doc: Document = document): void {
  const view = doc.defaultView ?? window;
  const saved = takeAbsent(view);
  const main = doc.querySelector('main');
  const template = doc.body.dataset['lAbsent'];
  if (!saved || typeof saved.rule !== 'string' || typeof saved.from !== 'string' || !main || !template) return;
  const note = doc.createElement('p');
  note.className = 'notices absent-note';
  note.setAttribute('role', 'status');
  note.dataset['absent'] = saved.rule;
  note.textContent = format(template, { rule: saved.rule, from: saved.from });
  main.prepend(note);
}

export function initSwitch(doc: Document = document): void {
  const view = doc.defaultView ?? window;
  // Middle-click, Ctrl+click and "open in new tab" read the href: keep it current at every press.
  const freshen = (a: HTMLAnchorElement): void => {
    const cur = currentRule(doc);
    if (!cur) return;
    if (a.dataset['parallel'] !== undefined) a.href = withRule(a.href, cur.id);
  };
  doc.addEventListener('pointerdown', (e) => {
    const a = (e.target as Element | null)?.closest?.('a[data-switch], a[data-parallel]');
    if (a instanceof HTMLAnchorElement) freshen(a);
  });
  doc.addEventListener('click', (e) => {
    const a = (e.target as Element | null)?.closest?.('a[data-switch], a[data-parallel]');
    if (!(a instanceof HTMLAnchorElement)) return;
    const cur = currentRule(doc);
    if (!cur) return;
    if (a.dataset['parallel'] !== undefined) {
      a.href = withRule(a.href, cur.id);
      return;
    }
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    const switchBase = a.dataset['switch'] ?? '';
    if (!BASE_RE.test(switchBase)) return;
    e.preventDefault();
    const renumber = readRenumber(a.dataset['renumber']);
    // The rule is not in the other edition (new since, or gone): the page it lands on says so (showAbsent).
    if (Object.hasOwn(renumber, cur.id) && renumber[cur.id] === null) rememberAbsent(view, cur.id, doc.body.dataset['edition'] ?? '');
    void (async () => {
      for (const n of targetsFor(cur.id, renumber)) {
        const url = `${switchBase}${n}/`;
        if (await exists(url)) {
          view.location.href = url;
          return;
        }
      }
      view.location.href = a.href;
    })();
  });
}
