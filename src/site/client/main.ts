/**
 * The site's browser entry (vanilla, no framework): wires the modules, each with one job, and marks
 * the page ready (`data-cr-ready`) for tests. Document text is only ever inserted as text nodes.
 */
import { initContents } from './contents.ts';
import { initGoto } from './goto.ts';
import { initHash } from './hash.ts';
import { initKeyboard } from './keyboard.ts';
import { initMarks } from './marks.ts';
import { initOffline } from './offline.ts';
import { PreviewController } from './preview.ts';
import { initSwitch, showAbsent } from './switch.ts';
import { initToTop } from './to-top.ts';
import { initTheme } from './theme.ts';

initTheme();
const previews = new PreviewController(document);
previews.init();
initKeyboard({ closePreview: () => previews.hide() });
initGoto();
initSwitch();
showAbsent();
initOffline();
// The modules of one kind of page (the glossary's filter, the not-found page's suggestions, the front page's language
// chooser, the offline page) load only on it: every other page, the compare page's first view included, reads less.
const pageModules: Promise<void>[] = [];
if (document.querySelector('form[data-gl-filter]')) pageModules.push(import('./glossary.ts').then((m) => m.initGlossary()));
if (document.querySelector('[data-notfound]')) pageModules.push(import('./notfound.ts').then((m) => m.initNotFound()));
if (document.querySelector('[data-lang-chooser]')) pageModules.push(import('./home.ts').then((m) => m.initHome()));
if (document.querySelector('[data-offline-page]')) pageModules.push(import('./offline-page.ts').then((m) => m.initOfflinePage()));
initHash();
initMarks();
initToTop();
// The history pages' script (pinned permalinks) loads only where it is needed; the compare page loads its own at once.
if (document.querySelector('[data-history-at]')) void import('./history-at.ts').then((m) => m.initHistoryAt());
initContents();
// A link written with an edition's file-name date was sent here by the not-found page: say which date is which.
if (/[?&]filedate=/.test(location.search)) void import('./file-date.ts').then((m) => m.initFileDateNote());

// The search placeholder's form has no target yet: never let Enter navigate away.
document.addEventListener('submit', (e) => {
  if (e.target instanceof HTMLFormElement && e.target.matches('form.cr-search[action="#"]')) e.preventDefault();
});

// Ready once the page's own module is wired too (a failed import is reported by the browser; the page still works).
void Promise.allSettled(pageModules).then(() => (document.documentElement.dataset['crReady'] = '1'));
