/**
 * A rule number's history reached for the rule the number named in one edition (`?at=2015-01-23`: a pinned
 * permalink of an edition without pages, or a translated rule's link): marks that rule's section, scrolls to it and
 * says what the number named then and what the rule is today, in the page's words (the view wrote the sentences on
 * the note, with `{at}` and `{today}` left to fill: rule-history-view.ts). Loaded by main.ts on the built English
 * pages, called by rule-history.ts once it has shown a history in Japanese or Korean.
 */
import { format } from '../../i18n/translate.ts';

export function initHistoryAt(doc: Document = document): void {
  const note = doc.querySelector<HTMLElement>('[data-history-at]');
  const at = new URLSearchParams((doc.defaultView ?? window).location.search).get('at');
  if (!note || !at || !/^\d{4}-\d{2}-\d{2}$/.test(at)) return;
  const sections = [...doc.querySelectorAll<HTMLElement>('[data-chain]')];
  const hit = sections.find((s) => (s.dataset['spans'] ?? '').split(' ').some((span) => {
    const [a, b] = span.split('..');
    return a! <= at && at <= b!;
  }));
  if (!hit) {
    note.textContent = format(note.dataset['gone'] ?? '', { at });
  } else {
    hit.classList.add('chain-at');
    const today = hit.querySelector<HTMLAnchorElement>('p a')?.textContent ?? '';
    // A rule removed since has its removal at the top of its timeline.
    const removed = hit.querySelector('.st-removed') !== null;
    note.textContent = format(note.dataset[removed ? 'removed' : 'today'] ?? '', { at, today });
    hit.scrollIntoView();
  }
  note.hidden = false;
}
