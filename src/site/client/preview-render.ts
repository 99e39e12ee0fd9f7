/** Builds preview content from the JSON export with DOM text nodes only (never HTML strings), through the one inline renderer. */
import type { Lang, Paragraph } from '../../model/types.ts';
import { inlineView, type InlineWords } from '../render/inline-view.ts';
import { toDom } from '../render/html-tree.ts';

/** What a preview needs from `/api/{lang}/{edition}/rules/{N}.json` or `…/glossary/{slug}.json`. */
export interface PreviewData {
  lang: Lang;
  number?: string;
  title?: string;
  term?: string;
  english?: string;
  body?: Paragraph[];
  definition?: Paragraph[];
  examples?: Paragraph[][];
  /** First rules under a section or a heading-only rule (`702.19 Trample`), so its preview says something. */
  lead?: { number: string; body: Paragraph[] }[];
  /** A composed current edition's rule: an untranslated one is today's English. */
  translation?: { status: string };
}

/** The inline renderer's words, from the page's body (Base.astro puts them there). */
function words(): InlineWords {
  const d = document.body.dataset;
  return { gap: d['lGap'] ?? '', restored: d['lRestored'] ?? '{evidence}', refWas: d['lRefWas'] ?? '{was}', fallback: d['lFallback'] ?? 'English', note: d['lNote'] ?? '' };
}

/** One paragraph of a preview: the one inline renderer (src/site/render/inline-view.ts), without links, as DOM nodes. */
function paragraph(p: Paragraph, lang: Lang, className = 'rb'): HTMLParagraphElement {
  const el = document.createElement('p');
  el.className = className;
  el.append(toDom(document, inlineView(p, { lang, words: words() })));
  return el;
}

export function renderParagraphs(d: PreviewData, glossary: boolean): HTMLElement {
  const wrap = document.createElement('div');
  wrap.lang = d.lang;
  const head = document.createElement('p');
  head.className = 'pop-h';
  head.textContent = glossary ? `${d.term ?? ''}${d.english ? ` / ${d.english}` : ''}` : (d.number ?? '');
  wrap.append(head);
  for (const p of (glossary ? d.definition : d.body) ?? []) {
    const el = paragraph(p, d.lang);
    if (d.translation?.status === 'untranslated') el.lang = 'en';
    wrap.append(el);
  }
  for (const ex of d.examples ?? []) for (const p of ex) wrap.append(paragraph(p, d.lang, 'ex'));
  for (const r of d.lead ?? []) {
    r.body.forEach((p, i) => {
      const el = paragraph(p, d.lang, 'rb pop-lead');
      if (i === 0) {
        const num = document.createElement('b');
        num.textContent = `${r.number} `;
        el.prepend(num);
      }
      wrap.append(el);
    });
  }
  return wrap;
}
