/**
 * Offline reading, page side: registers the Workbox-generated service worker (/sw.js), keeps the page
 * being read in this build's page cache (so it opens again without a network), deletes older builds'
 * caches, and runs the "save this edition" panel (OfflineSave.astro): download every page of a
 * language+edition into the cache the worker reads, with progress and the size it takes.
 */
import { fillMessage, format } from '../../i18n/translate.ts';
import { dataCache, formatBytes, pagesCache, type OfflineList } from '../offline-list.ts';

declare const __CR_BUILD__: string;
const BUILD = typeof __CR_BUILD__ === 'string' ? __CR_BUILD__ : 'dev';
const PAGES = pagesCache(BUILD);
const DATA = dataCache(BUILD);
const SAVED_KEY = 'cr-offline-saved';

type Saved = Record<string, { build: string; bytes: number; at: string }>;

function readSaved(): Saved {
  try {
    return JSON.parse(localStorage.getItem(SAVED_KEY) ?? '{}') as Saved;
  } catch {
    return {};
  }
}
function writeSaved(s: Saved): void {
  try {
    localStorage.setItem(SAVED_KEY, JSON.stringify(s));
  } catch {
    /* private mode: the copy still works, only the record is lost */
  }
}

/** Caches of builds older than this one (cache names end in an ISO timestamp, which sorts by age). */
export function staleCaches(names: string[], build: string): string[] {
  return names.filter((n) => {
    const m = /^cr-(?:pages|data)-(.+)$/.exec(n);
    return m !== null && m[1]! < build;
  });
}

async function cleanUp(): Promise<void> {
  const old = staleCaches(await caches.keys(), BUILD);
  await Promise.all(old.map((n) => caches.delete(n)));
}

/** Puts the page being read into this build's cache (the worker only sees pages loaded after it started). */
async function keepThisPage(): Promise<void> {
  const url = location.pathname;
  const cache = await caches.open(PAGES);
  if (!(await cache.match(url))) await cache.add(url);
}

export function initOffline(doc: Document = document): void {
  if (!('serviceWorker' in navigator) || !('caches' in window) || BUILD === 'dev') return;
  void navigator.serviceWorker
    .register('/sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then(async () => {
      await cleanUp();
      if (navigator.onLine && !doc.querySelector('[data-notfound]')) await keepThisPage();
    })
    .catch(() => undefined)
    .finally(() => void (doc.documentElement.dataset['crOffline'] = 'ready'));
  const panel = doc.querySelector<HTMLElement>('[data-offline]');
  if (panel) initPanel(panel);
}

/** Fetches `urls` into `cache` four at a time, reporting each finished one; stops at the first failure. */
async function download(urls: string[], cache: Cache, onDone: (url: string, bytes: number) => void, signal: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < urls.length) {
      if (signal.aborted) throw new Error('aborted');
      const url = urls[next++]!;
      const r = await fetch(url, { signal, cache: 'no-cache' });
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
      const blob = await r.clone().blob();
      await cache.put(url, r);
      onDone(url, blob.size);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

function initPanel(panel: HTMLElement): void {
  const d = panel.dataset;
  const listUrl = d['list'] ?? '';
  const key = d['key'] ?? '';
  const save = panel.querySelector<HTMLButtonElement>('[data-offline-save]');
  const remove = panel.querySelector<HTMLButtonElement>('[data-offline-remove]');
  const bar = panel.querySelector<HTMLProgressElement>('progress');
  const status = panel.querySelector<HTMLElement>('[data-offline-status]');
  if (!save || !remove || !bar || !status) return;
  const lang = document.body.dataset['lang'] ?? 'en';
  let list: OfflineList | null = null;
  const getList = async (): Promise<OfflineList> => (list ??= (await (await fetch(listUrl, { cache: 'no-cache' })).json()) as OfflineList);

  const show = (saved: Saved[string] | undefined): void => {
    remove.hidden = !saved;
    if (!saved) {
      save.textContent = d['lSave'] ?? 'Save';
      return;
    }
    const stale = saved.build !== BUILD;
    save.textContent = stale ? (d['lUpdate'] ?? 'Update') : (d['lSave'] ?? 'Save');
    save.hidden = !stale;
    status.textContent = stale ? (d['lStale'] ?? '') : format(d['lSaved'] ?? '', { size: formatBytes(saved.bytes, lang) });
  };
  panel.hidden = false;
  show(readSaved()[key]);
  void getList()
    .then((l) => {
      if (!readSaved()[key]) status.textContent = fillMessage(d['lSize'], { n: l.files.length, count: l.files.length, size: formatBytes(l.bytes, lang) });
    })
    .catch(() => undefined);

  let controller: AbortController | null = null;
  save.addEventListener('click', () => {
    if (controller) {
      controller.abort();
      return;
    }
    controller = new AbortController();
    const signal = controller.signal;
    void (async () => {
      try {
        const l = await getList();
        const total = l.files.length + l.data.length;
        let done = 0;
        let bytes = 0;
        bar.max = total;
        bar.value = 0;
        bar.hidden = false;
        save.textContent = d['lCancel'] ?? 'Cancel';
        const tick = (_: string, b: number): void => {
          done++;
          bytes += b;
          bar.value = done;
          status.textContent = fillMessage(d['lProgress'], { k: done, n: total, count: total, done: formatBytes(bytes, lang), size: formatBytes(l.bytes, lang) });
        };
        await download(l.files, await caches.open(PAGES), tick, signal);
        await download(l.data, await caches.open(DATA), tick, signal);
        await navigator.storage?.persist?.().catch(() => false);
        const saved = readSaved();
        saved[key] = { build: BUILD, bytes, at: new Date().toISOString() };
        writeSaved(saved);
        show(saved[key]);
      } catch (e) {
        status.textContent = signal.aborted ? (d['lCancelled'] ?? '') : format(d['lFailed'] ?? '', { error: e instanceof Error ? e.message : String(e) });
        save.textContent = d['lSave'] ?? 'Save';
      } finally {
        bar.hidden = true;
        controller = null;
      }
    })();
  });

  remove.addEventListener('click', () => {
    void (async () => {
      const l = await getList().catch(() => null);
      const cache = await caches.open(PAGES);
      if (l) await Promise.all(l.files.map((f) => cache.delete(f)));
      const saved = readSaved();
      delete saved[key];
      writeSaved(saved);
      save.hidden = false;
      show(undefined);
      status.textContent = d['lRemoved'] ?? '';
    })();
  });
}
