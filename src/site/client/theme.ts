/**
 * The light/dark switch beside the system setting: `system` (the default) follows prefers-color-scheme, `light` and
 * `dark` set data-theme on <html>, which sets color-scheme, which every colour's light-dark() follows
 * (styles/site.css). The choice is kept in localStorage (one key) and applied as the page script starts; the CSP
 * allows no inline script, so a chosen scheme that differs from the system's shows after the first paint.
 */
const KEY = 'cr-theme';
type Theme = 'system' | 'light' | 'dark';
const isTheme = (v: unknown): v is Theme => v === 'system' || v === 'light' || v === 'dark';

function stored(view: Window): Theme {
  try {
    const v = view.localStorage.getItem(KEY);
    return isTheme(v) ? v : 'system';
  } catch {
    return 'system';
  }
}

function apply(doc: Document, theme: Theme): void {
  if (theme === 'system') delete doc.documentElement.dataset['theme'];
  else doc.documentElement.dataset['theme'] = theme;
  for (const s of doc.querySelectorAll<HTMLSelectElement>('select[data-theme-switch]')) s.value = theme;
}

export function initTheme(doc: Document = document): void {
  const view = doc.defaultView ?? window;
  apply(doc, stored(view));
  for (const s of doc.querySelectorAll<HTMLSelectElement>('select[data-theme-switch]')) {
    s.addEventListener('change', () => {
      const theme = isTheme(s.value) ? s.value : 'system';
      try {
        if (theme === 'system') view.localStorage.removeItem(KEY);
        else view.localStorage.setItem(KEY, theme);
      } catch {
        /* storage refused (private mode): the choice holds for this page */
      }
      apply(doc, theme);
    });
  }
}
