/**
 * The instant-search worker: a thin message shell around the pure core in src/search/ (the same
 * code the CLI runs). It fetches the bundle of its language and edition on `init`, builds the
 * FlexSearch index off the main thread, and answers `query` messages. Bundles for cross-language
 * queries (the English of the same edition, or ja/ko from an English page) are fetched on demand.
 *
 * Messages in:  { type: 'init', base, bundle }   { type: 'query', id, q, limit }
 * Messages out: { type: 'ready', ms }   { type: 'results', id, q, hits }   { type: 'error', message }
 */
import { Searcher } from '../../search/engine.ts';
import { SearchSession } from '../../search/session.ts';
import type { SearchBundle, SearchHit } from '../../search/types.ts';

export type WorkerIn = { type: 'init'; base: string; bundle: string } | { type: 'query'; id: number; q: string; limit?: number };
export type WorkerOut =
  | { type: 'ready'; ms: number }
  | { type: 'results'; id: number; q: string; hits: SearchHit[] }
  | { type: 'error'; message: string };

const scope = self as unknown as { onmessage: ((e: MessageEvent<WorkerIn>) => void) | null; postMessage: (m: WorkerOut) => void };
let session: Promise<SearchSession> | null = null;

async function fetchBundle(base: string, id: string): Promise<SearchBundle> {
  const res = await fetch(`${base}search/${id}.json`);
  if (!res.ok) throw new Error(`search index ${id}: HTTP ${res.status}`);
  return (await res.json()) as SearchBundle;
}

scope.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === 'init') {
    if (session) return;
    const t0 = performance.now();
    session = fetchBundle(msg.base, msg.bundle).then((b) => new SearchSession(new Searcher(b), (id) => fetchBundle(msg.base, id)));
    session.then(
      () => scope.postMessage({ type: 'ready', ms: Math.round(performance.now() - t0) }),
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
      .then((s) => s.search(msg.q, msg.limit ?? 10))
      .then(
        (hits) => scope.postMessage({ type: 'results', id: msg.id, q: msg.q, hits }),
        (err: Error) => scope.postMessage({ type: 'error', message: err.message }),
      );
  }
};
