/**
 * Editions whose file-name date is not their date. The site names an English edition by the date the document
 * states ("These rules are effective as of January 20, 2017."); Wizards' file for it may carry another date
 * (MagicCompRules_20170119.txt). Links and notes written with the file-name date must still lead to the edition,
 * and say which date is which. Pure, no Node: the build writes the table into /api/index.json and the not-found
 * page and the arrival note read it there.
 */

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

/** What the arrival note says: which date is the file's and which the document's. */
export function fileDateNote(fileDate: string, edition: string): string {
  return `${fileDate} is the date in the file name of the Comprehensive Rules effective ${edition}, the date the document itself states; the site names that edition ${edition}.`;
}
