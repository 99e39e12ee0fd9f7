/**
 * The document orchestration, once: parsed sources of one language and edition → one finished document.
 * Shared by `npm run data` (scripts/data.ts, every edition of the manifest) and `cr parse --final`
 * (the files given), so what the site shows and what the command line prints are made the same way:
 *   1. merge     the sources of an edition (a translation in chapter posts) into one   merge.ts
 *   2. terms     glossary terms linked in the rules                                 terms.ts
 *   3. English   with the same-edition English, when there is one: words the Japanese source lost
 *                restored where it proves them (lost-words.ts), bare numbers into chapters a partial
 *                translation lacks linked (link.ts), two-sense headwords resolved (terms.ts)
 *   4. align     which English rules the translation lacks                          align.ts
 * Pure: documents in, documents out (the inputs' documents are changed in place, as each step does).
 */
import type { Lang, RuleDocument } from '../model/types.ts';
import { mergeDocuments } from './merge.ts';
import { linkGlossaryTerms, resolveTermSenses } from './terms.ts';
import { restoreLostWords } from './lost-words.ts';
import { linkWithEnglish } from './link.ts';
import { alignWithEnglish } from './align.ts';

/** The parsed sources of one language and edition. */
export interface ParsedEdition {
  lang: Lang;
  edition: string;
  docs: RuleDocument[];
}

export interface FinishedDocument {
  doc: RuleDocument;
  /** The same-edition English the translation was finished with, if any. */
  english: RuleDocument | null;
  /** English rule numbers the translation lacks ([] for English, or without its English). */
  untranslated: string[];
}

/** Steps 1–4 for every edition given, in the order given. */
export function finishDocuments(editions: readonly ParsedEdition[]): FinishedDocument[] {
  const docs = editions.map((g) => {
    const doc = mergeDocuments(g.docs);
    doc.edition = g.edition;
    linkGlossaryTerms(doc);
    return doc;
  });
  const english = new Map(docs.filter((d) => d.lang === 'en').map((d) => [d.edition!, d]));
  return docs.map((doc) => {
    const en = doc.lang !== 'en' ? (english.get(doc.edition!) ?? null) : null;
    if (en && doc.lang === 'ja') restoreLostWords(doc, en);
    if (en) linkWithEnglish(doc, en);
    // A headword of two glossary entries (イベント: Event, Tournament) links to the one its English rule means.
    if (en) resolveTermSenses(doc, en);
    return { doc, english: en, untranslated: en ? alignWithEnglish(doc, en).missing : [] };
  });
}
