/**
 * Sandbox loader: the only sandbox code a rule page downloads up front (see bench-sandbox.ts for its size).
 *
 * On a page with `[data-example="{rule}:{ordinal}"]` elements it fetches `/sandbox/index.json` once, when the
 * browser is idle (a few KB of JSON, no JS), and adds an "Open sandbox" button under every example that has a
 * scenario. The widget (engine included) is a separate chunk, imported only when a reader clicks a button; the
 * scenario JSON is fetched at the same moment.
 *
 * Page contract: `<html lang="en|ja|ko">`; the edition on `<main data-edition>` or `<meta name="cr-edition">`.
 */
import { LOADER_LABELS, pageLang, type Lang } from './labels.ts';
import { SANDBOX_DIR, exampleKey, type SandboxManifest } from './manifest.ts';

const BASE = `/${SANDBOX_DIR}/`;

function pageEdition(): string | null {
  const main = document.querySelector<HTMLElement>('main[data-edition]') ?? document.querySelector<HTMLElement>('[data-edition]');
  return main?.dataset['edition'] || document.querySelector<HTMLMetaElement>('meta[name="cr-edition"]')?.content || null;
}

function idle(fn: () => void): void {
  const ric = (window as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (ric) ric(fn, { timeout: 2000 });
  else setTimeout(fn, 200);
}

let seq = 0;

function attach(ex: HTMLElement, id: string, lang: Lang, edition: string, manifest: SandboxManifest): void {
  const L = LOADER_LABELS[lang];
  const n = ++seq;
  const slot = document.createElement('div');
  slot.className = 'cr-sbx-slot';
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.className = 'cr-sbx-open';
  btn.textContent = L.open;
  btn.setAttribute('aria-expanded', 'false');
  btn.setAttribute('aria-controls', `cr-sbx-host-${n}`);
  btn.dataset['sbxOpen'] = id;
  const host = document.createElement('div');
  host.className = 'cr-sbx-host';
  host.id = `cr-sbx-host-${n}`;
  host.hidden = true;
  slot.append(btn, host);
  // a block after the example; inside it when the example is a list item (keeps the list valid)
  if (/^(LI|DD|DT|TD)$/.test(ex.tagName)) ex.append(slot);
  else ex.after(slot);

  let state: 'closed' | 'loading' | 'open' = 'closed';
  let handle: { focus(): void } | null = null;
  const setOpen = (open: boolean) => {
    state = open ? 'open' : 'closed';
    host.hidden = !open;
    btn.setAttribute('aria-expanded', String(open));
    btn.textContent = open ? L.close : L.open;
  };
  const close = () => {
    setOpen(false);
    btn.focus();
  };
  btn.addEventListener('click', async () => {
    if (state === 'loading') return;
    if (state === 'open') return close();
    if (handle) {
      setOpen(true);
      return handle.focus();
    }
    state = 'loading';
    btn.setAttribute('aria-busy', 'true');
    btn.textContent = L.loading;
    try {
      const [widget, scenario] = await Promise.all([
        import('./widget.ts'),
        fetch(`${BASE}scenarios/${encodeURIComponent(id)}.json`).then((r) => {
          if (!r.ok) throw new Error(`HTTP ${r.status}`);
          return r.json();
        }),
      ]);
      handle = widget.mount({ host, scenario, lang, edition, manifest, onClose: close });
      setOpen(true);
      handle.focus();
    } catch (e) {
      state = 'closed';
      btn.textContent = L.open;
      const p = document.createElement('p');
      p.className = 'cr-sbx-error';
      p.setAttribute('role', 'alert');
      p.textContent = L.failed;
      host.replaceChildren(p);
      host.hidden = false;
      console.error('[sandbox]', e);
    } finally {
      btn.removeAttribute('aria-busy');
    }
  });
}

async function init(): Promise<void> {
  const examples = [...document.querySelectorAll<HTMLElement>('[data-example]')];
  const edition = pageEdition();
  if (!examples.length || !edition) return;
  const lang = pageLang(document.documentElement.lang);
  let manifest: SandboxManifest;
  try {
    const r = await fetch(`${BASE}index.json`);
    if (!r.ok) return;
    manifest = (await r.json()) as SandboxManifest;
  } catch {
    return;
  }
  for (const ex of examples) {
    const m = /^(.+):(\d+)$/.exec(ex.dataset['example'] ?? '');
    const id = m && manifest.examples[exampleKey(edition, m[1]!, Number(m[2]))];
    if (id && !ex.dataset['sbxReady']) {
      ex.dataset['sbxReady'] = '1';
      attach(ex, id, lang, edition, manifest);
    }
  }
}

if (document.querySelector('[data-example]')) idle(() => void init());
