/** Builds preview content from the JSON export with DOM text nodes only (never HTML strings). */
import type { Inline, Lang, Paragraph } from '../../model/types.ts';
import { describeSymbol } from '../symbols.ts';

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
}

function inline(n: Inline, lang: Lang): Node | null {
  if (n.type === 'text') return document.createTextNode(n.value);
  if (n.type === 'ref' || n.type === 'term') {
    const s = document.createElement('span');
    s.className = n.type === 'ref' ? 'ref' : 'term';
    s.textContent = n.text;
    return s;
  }
  if (n.type === 'symbol') {
    const v = describeSymbol(n.value, lang);
    const s = document.createElement('span');
    s.className = v.classes;
    s.setAttribute('role', 'img');
    s.setAttribute('aria-label', v.label);
    s.title = v.source;
    const g = document.createElement('span');
    g.setAttribute('aria-hidden', 'true');
    g.textContent = v.glyph;
    s.append(g);
    return s;
  }
  return null;
}

export function paragraph(p: Paragraph, lang: Lang, className = 'rb'): HTMLParagraphElement {
  const el = document.createElement('p');
  el.className = className;
  for (const n of p) {
    const node = inline(n, lang);
    if (node) el.append(node);
  }
  return el;
}

export function renderParagraphs(d: PreviewData, glossary: boolean): HTMLElement {
  const wrap = document.createElement('div');
  wrap.lang = d.lang;
  const head = document.createElement('p');
  head.className = 'pop-h';
  head.textContent = glossary ? `${d.term ?? ''}${d.english ? ` / ${d.english}` : ''}` : (d.number ?? '');
  wrap.append(head);
  for (const p of (glossary ? d.definition : d.body) ?? []) wrap.append(paragraph(p, d.lang));
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
