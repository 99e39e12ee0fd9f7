/**
 * The reader's switch for the marks of what the source lost (gaps, restored characters): shown by default, hidden
 * on request, remembered on this device. The marks stay in the page either way (only their look changes), and a
 * damaged rule keeps its one note for screen readers.
 */
const KEY = 'cr-atlas-marks';

function stored(view: Window): 'on' | 'off' {
  try {
    return view.localStorage.getItem(KEY) === 'off' ? 'off' : 'on';
  } catch {
    return 'on';
  }
}

export function initMarks(doc: Document = document): void {
  const view = doc.defaultView ?? window;
  const apply = (state: 'on' | 'off') => {
    doc.documentElement.dataset['marks'] = state;
    doc.querySelectorAll<HTMLButtonElement>('button[data-marks-toggle]').forEach((b) => b.setAttribute('aria-pressed', String(state === 'on')));
  };
  apply(stored(view));
  doc.addEventListener('click', (e) => {
    const b = (e.target as Element | null)?.closest?.('button[data-marks-toggle]');
    if (!b) return;
    const next = doc.documentElement.dataset['marks'] === 'off' ? 'on' : 'off';
    try {
      view.localStorage.setItem(KEY, next);
    } catch {
      // Storage may be off (private mode): the choice holds for this page only.
    }
    apply(next);
  });
}
