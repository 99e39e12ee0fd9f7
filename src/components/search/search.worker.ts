/**
 * The instant-search worker: a thin message shell around the pure core in src/search/ (the same
 * code the CLI runs). On `init` it fetches the small head of its language and edition
 * (`/search/{id}.head.json`: numbers, headings, glossary terms), answers from it at once, and
 * fetches the full bundle (`/search/{id}.json`, the rule text) in the background, swapping it in
 * when it is indexed. Cross-language queries load only the other language's head, and the term
 * bridge (`/search/{id}.bridge.json`) with the first of them.
 *
 * Messages in:  { type: 'init', base, bundle }   { type: 'query', id, q, limit }
 * Messages out: { type: 'ready', ms, part }   { type: 'results', id, q, hits, expanded, spelled, part }   { type: 'error', message }
 * (`spelled`: the query with its misspellings corrected, or null.)
 */
import { Searcher } from '../../search/engine.ts';
import { fromHead, type Bridge, type HeadBundle } from '../../search/head.ts';
import { SearchSession } from '../../search/session.ts';
import type { SearchBundle, SearchHit } from '../../search/types.ts';

export type WorkerIn = { type: 'init'; base: string; bundle: string } | { type: 'query'; id: number; q: string; limit?: number };
export type WorkerOut =
  | { type: 'ready'; ms: number; part: 'head' | 'full' }
  | { type: 'results'; id: number; q: string; hits: SearchHit[]; expanded: string; spelled: string | null; part: 'head' | 'full' }
  | { type: 'error'; message: string };

const scope = self as unknown as { onmessage: ((e: MessageEvent<WorkerIn>) => void) | null; postMessage: (m: WorkerOut) => void };
let session: Promise<SearchSession> | null = null;
let part: 'head' | 'full' = 'head';

async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`search index ${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

const fetchHead = async (base: string, id: string): Promise<SearchBundle> => fromHead(await fetchJson<HeadBundle>(`${base}search/${id}.head.json`));

scope.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === 'init') {
    if (session) return;
    const t0 = performance.now();
    const { base, bundle } = msg;
    session = fetchHead(base, bundle).then(
      (b) => new SearchSession(new Searcher(b), (id) => fetchHead(base, id), () => fetchJson<Bridge>(`${base}search/${bundle}.bridge.json`)),
    );
    session.then(
      (s) => {
        scope.postMessage({ type: 'ready', ms: Math.round(performance.now() - t0), part: 'head' });
        // The rule text, in the background; queries keep being answered from the head meanwhile.
        fetchJson<SearchBundle>(`${msg.base}search/${msg.bundle}.json`).then(
          (full) => {
            s.replaceNative(new Searcher(full));
            part = 'full';
            scope.postMessage({ type: 'ready', ms: Math.round(performance.now() - t0), part: 'full' });
          },
          (err: Error) => scope.postMessage({ type: 'error', message: err.message }),
        );
      },
      (err: Error) => scope.postMessage({ type: 'error', message: err.message }),
    );
    return;
  }
  if (msg.type === 'query') {
    if (!session) {
      scope.postMessage({ type: 'error', message: 'search worker not initialised' });
      return;
    }
    session
      .then(async (s) => ({ hits: await s.search(msg.q, msg.limit ?? 10), expanded: s.expand(msg.q), spelled: s.corrected(msg.q) }))
      .then(
        ({ hits, expanded, spelled }) => scope.postMessage({ type: 'results', id: msg.id, q: msg.q, hits, expanded, spelled, part }),
        (err: Error) => scope.postMessage({ type: 'error', message: err.message }),
      );
  }
};
