/**
 * The diff views shared by the built pages and the browser's compare page (src/site/history/history-views.ts over
 * src/site/render/html-tree.ts): the two outputs of one tree agree (toHtml for Astro, toDom for the browser, read back
 * through a stand-in document with its own serializer), every text and attribute value is escaped, and on the real
 * 2025-11-14 → 2026-01-16 diff the markup is what the pages and their styles expect.
 */
import { describe, expect, it } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { readHistory } from '../../src/pipeline/generated.ts';
import { diffEditions, wordDiff, type DiffEntry } from '../../src/history/diff.ts';
import { historyStrings } from '../../src/history/strings.ts';
import { h, toDom, toHtml, type Tree } from '../../src/site/render/html-tree.ts';
import { diffListView, summaryView, wordsView } from '../../src/site/history/history-views.ts';

const t = historyStrings('en');

// A stand-in for the browser's Document: records what toDom asks for, and serializes it with its own escaping.
type Fake = { text: string } | { tag: string; attrs: [string, string][]; kids: Fake[] } | { kids: Fake[] };
const fakeDoc = {
  createTextNode: (text: string) => ({ text }),
  createElement: (tag: string) => {
    const e = { tag, attrs: [] as [string, string][], kids: [] as Fake[], setAttribute: (k: string, v: string) => e.attrs.push([k, v]), append: (...n: Fake[]) => e.kids.push(...n) };
    return e;
  },
  createDocumentFragment: () => {
    const f = { kids: [] as Fake[], append: (...n: Fake[]) => f.kids.push(...n) };
    return f;
  },
} as unknown as Document;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const serialize = (n: Fake): string =>
  'text' in n ? n.text.replace(/[&<>]/g, (c) => ENTITIES[c]!)
  : 'tag' in n ? `<${n.tag}${n.attrs.map(([k, v]) => ` ${k}="${v.replace(/[&<>"]/g, (c) => ENTITIES[c]!)}"`).join('')}>${n.kids.map(serialize).join('')}</${n.tag}>`
  : n.kids.map(serialize).join('');
const viaDom = (tree: Tree) => serialize(toDom(fakeDoc, tree) as unknown as Fake);

const hostile = '</p><script>alert("x")</script> & <img src=x onerror=alert(1)>';
const entry = (e: Partial<DiffEntry>): DiffEntry => ({ old: null, new: null, status: 'changed', ...e }) as DiffEntry;

describe('the element tree', () => {
  it('escapes text and attribute values, drops null/false, and writes true as an empty attribute', () => {
    expect(toHtml(h('a', { href: '/x?a=1&b="2"', title: null, hidden: true, tabindex: 0 }, 'a < b & c', false, null, ['"q"']))).toBe('<a href="/x?a=1&amp;b=&quot;2&quot;" hidden="" tabindex="0">a &lt; b &amp; c"q"</a>');
  });

  it('toDom builds what toHtml writes', () => {
    const tree = h('div', { class: 'x', 'aria-label': 'a "b"' }, 'one ', h('b', null, hostile), [h('i', null, '2'), 'three']);
    expect(viaDom(tree)).toBe(toHtml(tree));
  });
});

describe('the diff views (fixtures)', () => {
  it('a hostile entry text and term reach the page as text', () => {
    const entries = [
      entry({ new: 'Evil <b>"term"</b>', status: 'added', after: hostile }),
      entry({ old: '100.1', new: '100.1', words: wordDiff(`Old ${hostile}`, `New ${hostile}`) }),
    ];
    const glossary = toHtml(diffListView('glossary', entries.slice(0, 1), { oldEdition: 'a', newEdition: 'b', t }));
    expect(glossary).toBe('<ol class="dl"><li class="de de-added" id="g-Evil_b_term_b_"><p class="de-h"><span class="st st-added">added</span> <b class="dn">Evil &lt;b&gt;"term"&lt;/b&gt;</b></p>'
      + '<p class="dt"><ins>&lt;/p&gt;&lt;script&gt;alert("x")&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;</ins></p></li></ol>');
    const rules = toHtml(diffListView('rules', entries.slice(1), { oldEdition: 'a', newEdition: 'b', t }));
    expect(rules).not.toMatch(/<script|<img/);
    // A deleted word directly followed by an inserted one keeps a space between them ("remaining excess", never "remainingexcess").
    expect(rules).toContain('<del>Old</del> <ins>New</ins>');
    expect(viaDom(diffListView('rules', entries, { oldEdition: 'a', newEdition: 'b', t }))).toBe(toHtml(diffListView('rules', entries, { oldEdition: 'a', newEdition: 'b', t })));
  });

  it('an empty list says so, with the two editions', () => {
    expect(toHtml(diffListView('rules', [], { oldEdition: '2024-11-08', newEdition: '2025-02-07', t }))).toBe('<p class="none">No changes between 2024-11-08 and 2025-02-07.</p>');
  });

  it('two examples of one rule get distinct anchors', () => {
    const ex = (k: number) => ({ ...entry({ old: '702.19b', new: '702.19b', status: 'added', after: `Example ${k}` }), oldIndex: null, newIndex: 1 });
    const html = toHtml(diffListView('examples', [ex(1), ex(2)], { oldEdition: 'a', newEdition: 'b', t }));
    expect([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1])).toEqual(['e-702.19b-1', 'e-702.19b-1-2']);
  });
});

needs(SHARED).describe('the diff views on 2025-11-14 → 2026-01-16', () => {
  const d = diffEditions(readHistory(), '2025-11-14', '2026-01-16');
  const opts = { oldEdition: d.old, newEdition: d.new, t };

  it('a move links both numbers to their histories', () => {
    // 702.124m became 702.124k (e2e/history.test.ts reads the same move on the built page and the compare page).
    expect(toHtml(diffListView('rules', d.rules, opts))).toContain('<li class="de de-moved" id="r-702.124k"><p class="de-h"><span class="st st-moved">moved</span> <span class="mv">'
      + '<a href="/en/history/702.124m/">702.124m</a> <span role="img" aria-label="became">→</span> <a href="/en/history/702.124k/">702.124k</a></span></p></li>');
  });

  it('205.3m shows its one added type and folds the rest, as the trimmed pieces say', () => {
    const e = d.rules.find((x) => x.new === '205.3m')!;
    const html = toHtml(wordsView(e.words!, t));
    expect(html.match(/<ins>[^<]*<\/ins>/g)).toEqual(['<ins>Sorcerer, </ins>']);
    expect(html.match(/<details class="ctx"><summary>[^<]*<\/summary>/g)).toHaveLength(2);
    // Every character of the old and new text is in the page once the tags are taken out (nothing folded away).
    const text = html.replace(/<summary>[^<]*<\/summary>/g, '').replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    expect(text).toBe(e.words!.map((p) => p[1]).join(''));
  });

  it('the table of counts has the diff’s numbers in order, and both outputs agree on every view', () => {
    const cells = [...toHtml(summaryView(d.summary, opts.t)).matchAll(/<td>(\d+)<\/td>/g)].map((m) => Number(m[1]));
    const row = (c: typeof d.summary.rules) => [c.added, c.removed, c.changed, c.moved, c['moved-changed'], c.referencesOnly, c.typographyOnly];
    expect(cells).toEqual([...row(d.summary.rules), ...row(d.summary.examples), ...row(d.summary.glossary)]);
    for (const tree of [summaryView(d.summary, opts.t), diffListView('rules', d.rules, opts), diffListView('examples', d.examples, opts), diffListView('glossary', d.glossary, opts)]) {
      expect(viaDom(tree)).toBe(toHtml(tree));
    }
  });
});
