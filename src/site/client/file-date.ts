/**
 * The arrival note for a link written with an edition's file-name date (`?filedate=2017-01-19`, set by the not-found
 * page, src/site/client/notfound.ts): says which date is the file's and which the document's. The date must be one
 * of the site's file-name dates (/api/index.json), so a crafted address cannot make the page claim anything else.
 */
import { fileDateNote } from '../file-dates.ts';
import { siteIndex } from './site-index.ts';

export async function initFileDateNote(doc: Document = document): Promise<void> {
  const view = doc.defaultView ?? window;
  const file = new URLSearchParams(view.location.search).get('filedate');
  const main = doc.querySelector('main');
  if (!file || !/^\d{4}-\d{2}-\d{2}$/.test(file) || !main) return;
  const index = await siteIndex();
  const lang = doc.documentElement.lang || 'en';
  const stated = index?.fileDates?.[lang]?.[file];
  if (!stated) return;
  const p = doc.createElement('p');
  p.className = 'file-date-note';
  p.setAttribute('role', 'note');
  p.dataset['fileDate'] = file;
  p.textContent = fileDateNote(lang, file, stated);
  // Where the reader lands: above the rule the link named (the page scrolls to it), else at the top.
  let target: HTMLElement | null = null;
  try {
    target = view.location.hash ? doc.getElementById(decodeURIComponent(view.location.hash.slice(1))) : null;
  } catch {
    target = null;
  }
  if (target && main.contains(target)) {
    target.before(p);
    p.scrollIntoView({ block: 'start' });
  } else main.prepend(p);
}
