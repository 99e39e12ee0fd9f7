/**
 * A Pagefind excerpt as text and highlighted ranges. Pagefind gives the excerpt as HTML: the page's
 * words with `<` and `>` escaped (pagefind.js, `raw_content`: `&` and quotes are left as they are), each
 * match wrapped in <mark>. It is read with the browser's own HTML parser (DOMParser,
 * which runs no script and loads nothing), so every entity and any stray tag is read as a browser reads
 * it, instead of a hand-written list of entities; the row then shows it as text, never as HTML.
 */

export interface ExcerptText {
  text: string;
  /** [start, end) offsets in `text` of each <mark>. */
  marks: [number, number][];
}

export function excerptText(excerpt: string): ExcerptText {
  const body = new DOMParser().parseFromString(`<!doctype html><body>${excerpt}`, 'text/html').body;
  let text = '';
  const marks: [number, number][] = [];
  for (const node of Array.from(body.childNodes)) {
    const t = node.textContent ?? '';
    if (node.nodeType === Node.ELEMENT_NODE && (node as Element).localName === 'mark') marks.push([text.length, text.length + t.length]);
    text += t;
  }
  return { text, marks };
}
