/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE. A ranked record as a result row's data: its highlighted snippet
 * (snippet.ts), the language of its text, and its glossary entry or its heading context. Pure; the engine
 * (engine.ts) ranks, this only describes what it ranked.
 */
import type { Lang } from '../model/types.ts';
import type { GlossaryInfo, Scored, SearchHit, SearchRecord } from './types.ts';
import type { Mapped } from './text.ts';
import { makeSnippet } from './snippet.ts';

export interface HitContext {
  /** The language the hit is reported in, and the edition's own. */
  lang: Lang;
  editionLang: Lang;
  via: string;
  /** The record's normalised body, when the engine has it (highlights without normalising again). */
  norm: Mapped | undefined;
  context(number: string): string;
}

export function makeHit(record: SearchRecord, g: GlossaryInfo | undefined, s: Scored, o: HitContext): SearchHit {
  const [number, , body, examples] = record;
  const textLang = g?.lang ?? o.editionLang;
  const { snippet, marks } = makeSnippet(body, examples, s.tokens, textLang === 'en' ? 160 : 90, o.norm);
  const score = Math.round(s.score * 1000) / 1000;
  if (g) {
    const glossary: NonNullable<SearchHit['glossary']> = { term: g.t, refs: g.defs.length ? [...new Set([...g.defs, ...g.refs])] : g.refs };
    if (g.e) glossary.english = g.e;
    if (g.href) glossary.href = g.href;
    if (g.p) glossary.page = g.p;
    const hitLang = g.lang ?? o.lang;
    return { number, lang: hitLang, ...(textLang !== hitLang ? { textLang } : {}), snippet, marks, context: '', via: o.via === 'text' ? 'glossary-text' : o.via, score, glossary };
  }
  return { number, lang: o.lang, ...(textLang !== o.lang ? { textLang } : {}), snippet, marks, context: o.context(number), via: o.via, score };
}
