/**
 * A history page reached by a pinned permalink of an edition without pages (`?at=2015-01-23`): says which rule the
 * number named then and what it is today, and marks that section (loaded by main.ts on history pages only).
 */
/** A history page reached with `?at=EDITION`: mark the rule the number named then, and say so. */
export function initHistoryAt(doc: Document = document): void {
  const note = doc.querySelector<HTMLElement>('[data-history-at]');
  const at = new URLSearchParams((doc.defaultView ?? window).location.search).get('at');
  if (!note || !at || !/^\d{4}-\d{2}-\d{2}$/.test(at)) return;
  const sections = [...doc.querySelectorAll<HTMLElement>('[data-chain]')];
  const hit = sections.find((s) => (s.dataset['spans'] ?? '').split(' ').some((span) => {
    const [a, b] = span.split('..');
    return a! <= at && at <= b!;
  }));
  const number = doc.querySelector('h1')?.textContent?.replace(/^History of rule /, '') ?? '';
  if (!hit) {
    note.textContent = `Rule ${number} did not exist in the edition of ${at}.`;
  } else {
    hit.classList.add('chain-at');
    const today = hit.querySelector<HTMLAnchorElement>('p a')?.textContent ?? '';
    const removed = /Removed in/.test(hit.querySelector('p')?.textContent ?? '');
    note.textContent = `You followed a link to rule ${number} as of ${at}. ${removed ? 'That rule has since been removed.' : `Today it is rule ${today}.`}`;
    hit.scrollIntoView();
  }
  note.hidden = false;
}
