/**
 * Offline reading, page side: registers the Workbox-generated service worker (/sw.js), keeps the page
 * being read in this build's page cache (so it opens again without a network), deletes older builds'
 * caches, and runs the "save this edition" panel (OfflineSave.astro): download every page of a
 * language+edition, its data and its build's scripts into a cache of its own (`cr-saved-…`), with
 * progress and the size it takes. A saved edition survives a new build: the old copy stays readable
 * while the page script downloads the new build's copy in the background, and is deleted only once
 * the new one is complete (data-cr-offline-saved="current" on <html> says it is done).
 */
import { fillMessage, format } from '../../i18n/translate.ts';
import { formatBytes, offlineListPath, pagesCache, savedCache, type OfflineList } from '../host/offline-list.ts';

declare const __CR_BUILD__: string;
const BUILD = typeof __CR_BUILD__ === 'string' ? __CR_BUILD__ : 'dev';
const PAGES = pagesCache(BUILD);
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

/** `en-2026-01-16` → its list (`/offline/en-2026-01-16.json`). */
const listPathOf = (key: string) => offlineListPath({ lang: key.slice(0, 2), edition: key.slice(3) });

/**
 * Saves the list's pages, data and assets into `cache` (a fresh one: nothing else reads it until it is
 * recorded); on failure or cancel the partial cache is deleted. Returns the bytes saved.
 */
async function saveInto(l: OfflineList, cache: string, tick: (url: string, bytes: number) => void, signal: AbortSignal): Promise<number> {
  let bytes = 0;
  const count = (url: string, b: number): void => {
    bytes += b;
    tick(url, b);
  };
  try {
    const c = await caches.open(cache);
    await download([...l.files, ...l.data, ...(l.assets ?? [])], c, count, signal);
    return bytes;
  } catch (e) {
    await caches.delete(cache);
    throw e;
  }
}

/** Records `key` as saved by this build and deletes its copies of other builds (the swap is the record). */
async function recordSaved(key: string, bytes: number): Promise<Saved> {
  const saved = readSaved();
  saved[key] = { build: BUILD, bytes, at: new Date().toISOString() };
  writeSaved(saved);
  const mine = savedCache(key, BUILD);
  await Promise.all((await caches.keys()).filter((n) => n.startsWith(savedCache(key, '')) && n !== mine).map((n) => caches.delete(n)));
  return saved;
}

/** Saved editions of older builds: the new build's copy downloaded in the background, then swapped in. Kept when that fails. */
async function refreshSaved(): Promise<void> {
  for (const [key, record] of Object.entries(readSaved())) {
    if (record.build === BUILD || !navigator.onLine) continue;
    try {
      const r = await fetch(listPathOf(key), { cache: 'no-cache' });
      if (!r.ok) continue; // the edition is not in this build: its saved copy stays as it is
      const bytes = await saveInto((await r.json()) as OfflineList, savedCache(key, BUILD), () => undefined, new AbortController().signal);
      await recordSaved(key, bytes);
    } catch {
      /* offline again, or a file failed: the older copy is still there and still readable */
    }
  }
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
    .finally(() => void (doc.documentElement.dataset['crOffline'] = 'ready'))
    .then(() => refreshSaved())
    .finally(() => void (doc.documentElement.dataset['crOfflineSaved'] = 'current'));
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

  // A copy saved by an older build is still saved (readable offline; refreshSaved replaces it in the background).
  const show = (saved: Saved[string] | undefined): void => {
    remove.hidden = !saved;
    save.textContent = d['lSave'] ?? 'Save';
    save.hidden = !!saved;
    if (saved) status.textContent = format(d['lSaved'] ?? '', { size: formatBytes(saved.bytes, lang) });
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
        const total = l.files.length + l.data.length + (l.assets?.length ?? 0);
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
        await saveInto(l, savedCache(key, BUILD), tick, signal);
        await navigator.storage?.persist?.().catch(() => false);
        show((await recordSaved(key, bytes))[key]);
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
      await Promise.all((await caches.keys()).filter((n) => n.startsWith(savedCache(key, ''))).map((n) => caches.delete(n)));
      const saved = readSaved();
      delete saved[key];
      writeSaved(saved);
      save.hidden = false;
      show(undefined);
      status.textContent = d['lRemoved'] ?? '';
    })();
  });
}
