/**
 * The full-text page's best matches (full-text.ts): the same search core and worker as the instant
 * box, one worker per edition asked (an older edition answers from its own bundle: 613.1f in
 * 2019-01-25, rule numbers too). A worker is started at the first query in its edition and the page
 * waits for its full bundle (this page lists the best matches once, from the rule text).
 */
import type { Lang } from '../../model/types.ts';
import type { SearchHit } from '../../search/types.ts';
import type { WorkerIn, WorkerOut } from './search.worker.ts';

interface CoreWorker {
  worker: Worker;
  ready: Promise<void>;
}

export class CoreAnswers {
  private readonly workers = new Map<string, CoreWorker>();
  private readonly waiting = new Map<number, (m: Extract<WorkerOut, { type: 'results' }> | null) => void>();
  private seq = 0;

  /**
   * @param lang the page's language
   * @param assetBase where the worker fetches the bundles from
   * @param editions the editions this language has bundles for (another is answered with null)
   */
  constructor(
    private readonly lang: Lang,
    private readonly assetBase: string,
    private readonly editions: ReadonlySet<string>,
  ) {}

  private start(bundle: string): CoreWorker {
    const known = this.workers.get(bundle);
    if (known) return known;
    const worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module' });
    const ready = new Promise<void>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<WorkerOut>) => {
        const m = e.data;
        if (m.type === 'ready' && m.part === 'full') resolve();
        else if (m.type === 'results') this.waiting.get(m.id)?.(m);
        else if (m.type === 'error') {
          reject(new Error(m.message));
          for (const w of this.waiting.values()) w(null);
        }
      };
      const init: WorkerIn = { type: 'init', base: this.assetBase, bundle };
      worker.postMessage(init);
    });
    const entry = { worker, ready };
    this.workers.set(bundle, entry);
    return entry;
  }

  /** The best `limit` matches of `q` in edition `ed`, the query as the core expanded it and as it corrected it, or null (no bundle, or it failed). */
  async ask(q: string, ed: string, limit: number): Promise<{ hits: SearchHit[]; expanded: string; spelled: string | null } | null> {
    if (!this.editions.has(ed)) return null;
    const { worker, ready } = this.start(`${this.lang}-${ed}`);
    try {
      await ready;
    } catch {
      return null;
    }
    const id = ++this.seq;
    return new Promise((resolve) => {
      this.waiting.set(id, (m) => {
        this.waiting.delete(id);
        resolve(m ? { hits: m.hits, expanded: m.expanded, spelled: m.spelled } : null);
      });
      const msg: WorkerIn = { type: 'query', id, q, limit };
      worker.postMessage(msg);
    });
  }
}
