/**
 * The compare page's entry (issue 24: its first view in ≤ 1.5 s on a slow phone): starts the first request before the
 * compare script and its modules have loaded, and hands it over. Its one import has none, so nothing waits: the
 * diff file of two consecutive editions when the build marked it small (`data-pairs`: it holds the texts too), else
 * the history's outline (and the glossary's numbers for a number filter). Which file the page needs is decided
 * again by compare.ts; a guess here that it does not use only costs that request.
 */
import { fetchJson } from './fetch-json.ts';

export type Prefetched = Map<string, Promise<unknown>>;

/** The requests the page's address calls for, started now (url → its JSON). */
export function prefetch(doc: Document): Prefetched {
  const out: Prefetched = new Map();
  const form = doc.querySelector<HTMLFormElement>('form[data-compare]');
  const params = new URLSearchParams(doc.defaultView?.location.search ?? '');
  const [from, to, q] = [params.get('old'), params.get('new'), (params.get('q') ?? '').trim()];
  if (!form || !from || !to || from >= to) return out;
  const start = (url: string | undefined) => {
    if (url) out.set(url, fetchJson(url));
  };
  if ((form.dataset['pairs'] ?? '').split(' ').includes(`${from}...${to}`)) start(form.dataset['pair']?.replace('{pair}', `${from}...${to}`));
  else if (q === '' || /^\d/.test(q)) {
    // No words to look for (or a number, which the outline answers): the outline; a number also reads the glossary's.
    start(form.dataset['outline']);
    if (q) start(form.dataset['numbers']);
  }
  for (const p of out.values()) p.catch(() => undefined);
  return out;
}
