/**
 * Editions whose file-name date is not their date. The site names an English edition by the date the document
 * states ("These rules are effective as of January 20, 2017."); Wizards' file for it may carry another date
 * (MagicCompRules_20170119.txt). Links and notes written with the file-name date must still lead to the edition,
 * and say which date is which. Pure, no Node: the build writes the table into /api/index.json and the not-found
 * page and the arrival note read it there (src/site/client/site-index.ts); the build reads it once through
 * getFileDates() (src/site/load.ts). The note's words are locale data (src/i18n/locales/*.filedate.json, a
 * domain of its own so the browser chunk that shows the note carries three sentences, not the site's strings).
 */
import { createTranslator, type Locale } from '../i18n/translate.ts';
import en from '../i18n/locales/en.filedate.json';
import ja from '../i18n/locales/ja.filedate.json';
import ko from '../i18n/locales/ko.filedate.json';

/** The date in a rules file's name (`…/MagicCompRules%2020170119.txt` → 2017-01-19), or null. */
export function fileNameDate(location: string): string | null {
  let name = location.split(/[/\\]/).pop() ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // keep the name as written
  }
  const m = /(?:^|\D)((?:19|20)\d{2})-?(\d{2})-?(\d{2})\.[a-z]+$/i.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

export interface DatedSource {
  lang: string;
  edition: string;
  /** The original address (its file name is Wizards' file name). */
  url?: string;
  /** Committed or mirror path. */
  location: string;
}

/**
 * File-name date → stated edition, per language, for every source whose original file name (else its mirror
 * name) carries a date that is not its edition and is no other edition's date.
 */
export function fileDateAliases(sources: readonly DatedSource[]): Record<string, Record<string, string>> {
  const editions = new Set(sources.map((s) => `${s.lang} ${s.edition}`));
  const out: Record<string, Record<string, string>> = {};
  for (const s of sources) {
    const date = fileNameDate(s.url ?? '') ?? fileNameDate(s.location);
    if (!date || date === s.edition || editions.has(`${s.lang} ${date}`)) continue;
    (out[s.lang] ??= {})[date] = s.edition;
  }
  return out;
}

/** Per language, date → date. */
export type DateTable = Record<string, Record<string, string>>;

/** Both directions of the file-name dates of a build's sources. */
export interface FileDates {
  /** File-name date → the stated edition (what /api/index.json carries as `fileDates`). */
  toStated: DateTable;
  /** Stated edition → its file-name date (the changes page and changes.json show it under the edition). */
  toFile: DateTable;
}

export function fileDates(sources: readonly DatedSource[]): FileDates {
  const toStated = fileDateAliases(sources);
  const toFile: DateTable = {};
  for (const [lang, dates] of Object.entries(toStated)) toFile[lang] = Object.fromEntries(Object.entries(dates).map(([file, stated]) => [stated, file]));
  return { toStated, toFile };
}

const NOTES = { en, ja, ko };

/** What the arrival note says, in the page's language (English for any other): which date is the file's and which the document's. */
export function fileDateNote(lang: string, file: string, edition: string): string {
  const locale: Locale = lang === 'ja' || lang === 'ko' ? lang : 'en';
  return createTranslator(NOTES, locale)('fileDateNote', { file, edition });
}
