/**
 * A small element tree for views that both the build and the browser render: a view is written once as a pure
 * function returning a tree, and the tree becomes escaped HTML (toHtml, for Astro's `set:html`) or DOM nodes
 * (toDom, text nodes and setAttribute only, never innerHTML). Text and attribute values are data and always
 * escaped; tag and attribute names come from the view's code. No dependencies, so browser bundles can carry it.
 */
export type Attrs = Record<string, string | number | boolean | null | undefined>;
export interface Element {
  tag: string;
  attrs: Attrs;
  children: Tree[];
}
/** Text, an element, or a list of them (null, undefined and false are nothing: `cond && h(…)`). */
export type Tree = string | Element | readonly Tree[] | null | undefined | false;

export function h(tag: string, attrs: Attrs | null = null, ...children: Tree[]): Element {
  return { tag, attrs: attrs ?? {}, children };
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Text made safe for HTML or XML text and double-quoted attribute values: the site's one escaper. */
export const escapeMarkup = (s: string) => escapeText(s).replace(/"/g, '&quot;');
const escapeAttr = escapeMarkup;

function attrList(attrs: Attrs): [string, string][] {
  return Object.entries(attrs).flatMap(([k, v]) => (v === null || v === undefined || v === false ? [] : [[k, v === true ? '' : String(v)] as [string, string]]));
}

/** The tree as HTML, every text and attribute value escaped. */
export function toHtml(tree: Tree): string {
  if (tree === null || tree === undefined || tree === false) return '';
  if (typeof tree === 'string') return escapeText(tree);
  if (Array.isArray(tree)) return (tree as readonly Tree[]).map(toHtml).join('');
  const e = tree as Element;
  const attrs = attrList(e.attrs).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
  return `<${e.tag}${attrs}>${e.children.map(toHtml).join('')}</${e.tag}>`;
}

/** The tree as DOM nodes of `doc` (a fragment): text as text nodes, attributes with setAttribute. */
export function toDom(doc: Document, tree: Tree): DocumentFragment {
  const frag = doc.createDocumentFragment();
  const add = (parent: ParentNode, t: Tree): void => {
    if (t === null || t === undefined || t === false) return;
    if (typeof t === 'string') return void parent.append(doc.createTextNode(t));
    if (Array.isArray(t)) return (t as readonly Tree[]).forEach((c) => add(parent, c));
    const e = t as Element;
    const el = doc.createElement(e.tag);
    for (const [k, v] of attrList(e.attrs)) el.setAttribute(k, v);
    e.children.forEach((c) => add(el, c));
    parent.append(el);
  };
  add(frag, tree);
  return frag;
}
