/**
 * The full-text page's Pagefind part (full-text.ts): `/pagefind/pagefind.js` (≈ 125 KB) loaded only
 * when asked, the section and edition filters filled from its index, and a query's results handed
 * out a few pages at a time (each result's data is a fetch of its own).
 */

interface PfSub { title: string; url: string; excerpt: string; locations: number[] }
export interface PfData { url: string; meta: Record<string, string>; excerpt: string; sub_results: PfSub[] }
interface PfResult { id: string; data: () => Promise<PfData> }
interface Pagefind {
  options: (o: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  filters: () => Promise<Record<string, Record<string, number>>>;
  search: (q: string | null, o?: { filters?: Record<string, string> }) => Promise<{ results: PfResult[] } | null>;
}

/** Results whose data is fetched at once. */
const BATCH = 5;

export class PagefindSource {
  private pf: Pagefind | null = null;
  private results: PfResult[] = [];
  private next = 0;
  /** Bumped by every query and clear: a query answered after a newer one began is dropped. */
  private asked = 0;

  /**
   * @param base the site's base (Pagefind lives at `{base}pagefind/`)
   * @param onFilters called once, when loaded, with the filter values Pagefind knows (`section`, `edition`)
   */
  constructor(
    private readonly base: string,
    private readonly onFilters: (filters: Record<string, Record<string, number>>) => void,
  ) {}

  /** Whether Pagefind is loaded (the filters then hold its values). */
  get loaded(): boolean {
    return this.pf !== null;
  }

  /** Loads Pagefind (once); rejects when it cannot be loaded. */
  async load(): Promise<void> {
    if (this.pf) return;
    const mod = (await import(/* @vite-ignore */ `${this.base}pagefind/pagefind.js`)) as Pagefind;
    await mod.options({ baseUrl: this.base, excerptLength: 24 });
    await mod.init();
    const filters = await mod.filters();
    if (this.pf) return;
    this.onFilters(filters);
    this.pf = mod;
  }

  /** Asks Pagefind (loaded) for `q`; its results are then handed out by `nextBatch`. */
  async query(q: string, filters: Record<string, string>): Promise<void> {
    const mine = ++this.asked;
    const res = await this.pf!.search(q, { filters });
    if (mine !== this.asked) return;
    this.results = res?.results ?? [];
    this.next = 0;
  }

  /** Forgets the last query's results. */
  clear(): void {
    this.asked++;
    this.results = [];
    this.next = 0;
  }

  /** Whether every result of the last query was handed out. */
  get done(): boolean {
    return this.next >= this.results.length;
  }

  /** The data of the next few results (none when done). */
  async nextBatch(): Promise<PfData[]> {
    const batch = this.results.slice(this.next, this.next + BATCH);
    this.next += batch.length;
    return Promise.all(batch.map((r) => r.data()));
  }
}
