/**
 * The compare page's data shaping (src/site/history/history-groups.ts, src/site/history/history-compare-view.ts): kinds of change,
 * the reader's filter (a rule and its subrules, a section, words), groups by part and section with counts, the
 * filter read from the address; and word diffs that keep a space between a deleted and an inserted word.
 */
import { describe, expect, it } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { readHistory } from '../../src/pipeline/generated.ts';
import { diffEditions, type DiffEntry } from '../../src/history/diff.ts';
import { historyStrings } from '../../src/history/strings.ts';
import { toHtml } from '../../src/site/render/html-tree.ts';
import { spaced } from '../../src/site/history/history-views.ts';
import { CHANGE_KINDS, DEFAULT_KINDS, filterFromParams, groupItems, isNumberQuery, itemsOf, kindOf, matches, type Item } from '../../src/site/history/history-groups.ts';
import { groupsView, sectionTitles } from '../../src/site/history/history-compare-view.ts';

const entry = (e: Partial<DiffEntry>): DiffEntry => ({ old: null, new: null, status: 'changed', ...e }) as DiffEntry;
const item = (e: Partial<DiffEntry>, cls: Item['cls'] = 'rules'): Item => {
  const en = entry(e);
  return { cls, entry: en, kind: kindOf(en), key: (en.new ?? en.old)! };
};
const all = new Set(CHANGE_KINDS);

describe('kinds and the filter (fixtures)', () => {
  it('gives each status one kind; references- and typography-only changes are their own, hidden by default', () => {
    expect(['added', 'removed', 'changed', 'moved', 'moved-changed'].map((status) => kindOf(entry({ status: status as DiffEntry['status'] })))).toEqual(['added', 'removed', 'text', 'moved', 'text']);
    expect(kindOf(entry({ status: 'changed', only: 'typography' }))).toBe('typography');
    expect(kindOf(entry({ status: 'moved-changed', only: 'references' }))).toBe('references');
    expect([...DEFAULT_KINDS]).toEqual(['text', 'moved', 'added', 'removed']);
  });
  it('a number covers the rule and its subrules (either edition’s number), a section its rules, never a longer number', () => {
    const rules = ['702.19', '702.19b', '702.190', '702.1', '702', '703.4', '7'].map((n) => item({ new: n }));
    const keys = (q: string) => rules.filter((r) => matches(r, { query: q, kinds: all })).map((r) => r.key);
    expect(keys('702.19')).toEqual(['702.19', '702.19b']);
    expect(keys('702.19.')).toEqual(['702.19', '702.19b']);
    expect(keys('702')).toEqual(['702.19', '702.19b', '702.190', '702.1', '702']);
    expect(keys('702.19B')).toEqual(['702.19b']);
    // A rule that moved into the range (old number) is found by its old number too.
    expect(matches(item({ old: '702.19d', new: '702.20a', status: 'moved' }), { query: '702.19', kinds: all })).toBe(true);
    expect(isNumberQuery('702.19b')).toBe(true);
    expect(isNumberQuery('trample 702')).toBe(false);
  });
  it('words match the texts and terms in any case, all words of the query; kinds filter as well', () => {
    const a = item({ before: 'Assign the remaining damage', after: 'Assign the excess damage' });
    expect(matches(a, { query: 'EXCESS damage', kinds: all })).toBe(true);
    expect(matches(a, { query: 'excess lifelink', kinds: all })).toBe(false);
    expect(matches(a, { query: '', kinds: new Set(['added']) })).toBe(false);
    expect(matches(item({ new: 'Trample', status: 'added', after: 'See rule 702.19.' }, 'glossary'), { query: 'trample', kinds: all })).toBe(true);
  });
  it('reads the filter from the address, dropping unknown kinds', () => {
    const f = filterFromParams(new URLSearchParams('q=702.19&kinds=added,typography,bogus'));
    expect([f.query, [...f.kinds]]).toEqual(['702.19', ['added', 'typography']]);
    expect([...filterFromParams(new URLSearchParams('')).kinds]).toEqual([...DEFAULT_KINDS]);
  });
});

describe('word diffs keep a space between a deleted and an inserted word', () => {
  it('adds one only where neither side has a space at that edge', () => {
    expect(spaced([[0, 'the '], [-1, 'remaining'], [1, 'excess'], [0, ' damage']])).toEqual([[0, 'the '], [-1, 'remaining'], [0, ' '], [1, 'excess'], [0, ' damage']]);
    expect(spaced([[-1, 'an '], [1, 'a']])).toEqual([[-1, 'an '], [1, 'a']]);
    expect(spaced([[1, 'a'], [-1, 'b']])).toEqual([[1, 'a'], [-1, 'b']]);
  });
});

needs(SHARED).describe('the real 2019-01-25 → 2026-01-16 diff', () => {
  const store = readHistory();
  const d = diffEditions(store, '2019-01-25', '2026-01-16');
  const items = itemsOf(d);
  it('702.19: trample and its subrules, their example and the glossary entry that cites them, in one view', () => {
    // Read by the review of 2026-11-27 (task c) in the two texts: 702.19b changed; 702.19c and 702.19e added
    // (trample over planeswalkers); 2019's 702.19c/d/e moved and changed to 702.19d/f/g; a new example under
    // 702.19c; a new glossary entry, "Trample Over Planeswalkers", citing 702.19c.
    const kept = items.filter((i) => matches(i, { query: '702.19', kinds: DEFAULT_KINDS }));
    expect(kept.map((i) => `${i.cls} ${i.entry.status} ${i.entry.old ?? '-'} ${i.entry.new ?? '-'}`)).toEqual([
      'rules changed 702.19b 702.19b', 'rules added - 702.19c', 'rules moved-changed 702.19c 702.19d', 'rules added - 702.19e',
      'rules moved-changed 702.19d 702.19f', 'rules moved-changed 702.19e 702.19g', 'examples added - 702.19c', 'glossary added - Trample Over Planeswalkers',
    ]);
    const parts = groupItems(kept);
    expect(parts.map((p) => [p.id, p.sections.map((s) => [s.id, s.items.length])])).toEqual([['7', [['702', 7]]], ['glossary', [['glossary', 1]]]]);
  });
  it('groups every shown change once, sections in rule order, parts counting their sections', () => {
    const shown = items.filter((i) => matches(i, { query: '', kinds: DEFAULT_KINDS }));
    // Independently: the default view is every entry that is not references- or typography-only.
    expect(shown.length).toBe([...d.rules, ...d.examples, ...d.glossary].filter((e) => !e.only).length);
    const parts = groupItems(shown);
    expect(parts.map((p) => p.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', 'glossary']);
    for (const p of parts) expect(p.count).toBe(p.sections.reduce((n, s) => n + s.items.length, 0));
    expect(parts.reduce((n, p) => n + p.count, 0)).toBe(shown.length);
    const sections = parts.flatMap((p) => p.sections.map((s) => s.id)).filter((s) => s !== 'glossary');
    expect(sections).toEqual([...sections].sort((a, b) => Number(a) - Number(b)));
    // Every item sits under the section its (new, else old) number begins with.
    for (const p of parts) for (const s of p.sections) for (const i of s.items) expect(s.id === 'glossary' ? i.cls : i.key.slice(0, 3)).toBe(s.id === 'glossary' ? 'glossary' : s.id);
  });
  it('names sections by their titles and renders only the counts until a section is opened', () => {
    const titles = sectionTitles(store, '2019-01-25', '2026-01-16');
    expect(titles.get('702')).toBe('Keyword Abilities');
    const kept = items.filter((i) => matches(i, { query: '702', kinds: DEFAULT_KINDS }));
    const html = toHtml(groupsView(groupItems(kept), kept.length, kept.length, { t: historyStrings('en'), sectionTitles: titles, partTitles: { 7: 'Additional Rules' }, open: false, oldEdition: d.old, newEdition: d.new }));
    // The glossary entries citing a 702 rule are found too (their text names it), in a group of their own.
    const rules = kept.filter((i) => i.cls !== 'glossary').length;
    expect(html).toContain(`<h3>Part 7. Additional Rules <span class="cmp-n">${rules} changes</span></h3>`);
    expect(html).toContain(`<h3>Glossary <span class="cmp-n">${kept.length - rules} changes</span></h3>`);
    expect(html).toContain('<summary>702. Keyword Abilities <span class="cmp-n">');
    expect(html).not.toContain('<li');
  });
});
