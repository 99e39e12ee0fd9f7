/**
 * The views of an edition diff, written once for the built pages (components/history/*.astro, through toHtml) and
 * the browser's any-two compare page (site/client/compare.ts, through toDom): word-level changes with long unchanged
 * runs folded (src/history/trim.ts), one kind's entry list (real changes in full, renumbered-references-only and
 * typography-only changes collapsed below), and the table of counts. Pure; the words come from the history strings.
 */
import type { DiffEntry, EditionDiff, ExampleEntry, WordPart } from '../../history/diff.ts';
import { hiddenLabel, trimContext } from '../../history/trim.ts';
import { entryLabel, minorHeading, statusLabel, type EntryKind } from '../../history/labels.ts';
import type { HistoryKey } from '../../history/strings.ts';
import type { Translate } from '../../i18n/translate.ts';
import { h, type Tree } from '../render/html-tree.ts';
import { historyPath } from './history-paths.ts';


/**
 * A deleted word directly followed by an inserted one ("remaining" → "excess") gets a space between them, so the two
 * never read as one word ("remainingexcess"); a run that already has a space at that edge is kept as it is.
 */
export function spaced(parts: readonly WordPart[]): WordPart[] {
  const out: WordPart[] = [];
  parts.forEach((p, i) => {
    const prev = parts[i - 1];
    if (prev && prev[0] === -1 && p[0] === 1 && !/\s$/.test(prev[1]) && !/^\s/.test(p[1])) out.push([0, ' ']);
    out.push(p);
  });
  return out;
}

/**
 * Word-level changes: removed words struck through (<del>), added ones marked (<ins>), every character kept; a long
 * unchanged run folded into a <details> whose text stays in the page (find-in-page opens it). A block's content.
 */
export function wordsView(parts: readonly WordPart[], t: Translate<HistoryKey>): Tree {
  return trimContext(parts).map((p) =>
    p.kind === 'shown'
      ? h('span', { class: 'words' }, spaced(p.parts).map(([op, text]) => (op === 0 ? text : h(op < 0 ? 'del' : 'ins', null, text))))
      : h('details', { class: 'ctx' }, h('summary', null, hiddenLabel(p, t)), h('span', { class: 'ctx-text' }, p.text)),
  );
}

export interface DiffListOptions {
  oldEdition: string;
  newEdition: string;
  t: Translate<HistoryKey>;
  /** The language of the rules' texts when it is not the page's (`en` on the Japanese and Korean pages). */
  textLang?: string | undefined;
  /** A rule number's history in the page's language (default: the built English page). */
  historyHref?: ((number: string) => string) | undefined;
}

/** One kind of entries of a diff (rules, examples or glossary), with anchors unique within the list. */
export function diffListView(kind: EntryKind, entries: readonly (DiffEntry | ExampleEntry)[], { oldEdition, newEdition, t, textLang, historyHref = historyPath }: DiffListOptions): Tree {
  // English texts (and glossary terms) on a Japanese or Korean page carry their language.
  const lang = textLang ? { lang: textLang } : {};
  const real = entries.filter((e) => !e.only);
  const references = entries.filter((e) => e.only === 'references');
  const typography = entries.filter((e) => e.only === 'typography');
  const link = (n: string) => (kind !== 'glossary' ? historyHref(n) : null);
  const exampleNo = (e: DiffEntry, side: 'old' | 'new') => ('oldIndex' in e ? (side === 'old' ? (e as ExampleEntry).oldIndex : (e as ExampleEntry).newIndex) : null);
  const name = (e: DiffEntry, side: 'old' | 'new') => entryLabel(t, side === 'old' ? e.old : e.new, exampleNo(e, side));
  const both = (e: DiffEntry) => (e.old !== e.new ? `${name(e, 'old')} → ${name(e, 'new')}` : name(e, 'new'));
  // Anchors: `r-702.19b` by the new number, `r-was-702.124k` for a removal, `e-…-2` for the second example.
  const used = new Set<string>();
  const id = (e: DiffEntry) => {
    const n = e.new ? e.new : `was-${e.old}`;
    const k = 'newIndex' in e ? `-${(e as ExampleEntry).newIndex ?? (e as ExampleEntry).oldIndex}` : '';
    const base = `${kind[0]}-${n.replace(/[^\w.-]+/g, '_')}${k}`;
    let v = base;
    for (let i = 2; used.has(v); i++) v = `${base}-${i}`;
    used.add(v);
    return v;
  };
  const numberLink = (e: DiffEntry, side: 'old' | 'new', cls?: string) => {
    const l = link((side === 'old' ? e.old : e.new)!);
    const termLang = kind === 'glossary' ? lang : {};
    return l ? h('a', { class: cls, href: l }, name(e, side)) : cls ? h('b', { class: cls, ...termLang }, name(e, side)) : kind === 'glossary' && textLang ? h('span', termLang, name(e, side)) : name(e, side);
  };
  const heading = (e: DiffEntry) =>
    e.old && e.new && e.old !== e.new
      ? h('span', { class: 'mv' }, numberLink(e, 'old'), ' ', h('span', { role: 'img', 'aria-label': t('became') }, '→'), ' ', numberLink(e, 'new'))
      : numberLink(e, e.new ? 'new' : 'old', 'dn');
  const text = (e: DiffEntry) =>
    e.words ? h('div', { class: 'dt', ...lang }, wordsView(e.words, t))
    : e.status === 'added' ? h('p', { class: 'dt', ...lang }, h('ins', null, e.after ?? ''))
    : e.status === 'removed' ? h('p', { class: 'dt', ...lang }, h('del', null, e.before ?? ''))
    : null;
  return [
    real.length > 0 && h('ol', { class: 'dl' }, real.map((e) => h('li', { class: `de de-${e.status}`, id: id(e) }, h('p', { class: 'de-h' }, h('span', { class: `st st-${e.status}` }, statusLabel(t, e.status)), ' ', heading(e)), text(e)))),
    references.length > 0 && h('details', { class: 'collapsed' },
      h('summary', null, minorHeading(t, 'references', kind, references.length)),
      h('ol', { class: 'dl' }, references.map((e) => h('li', { class: 'de', id: id(e) }, h('p', { class: 'de-h' }, both(e)), e.words && h('div', { class: 'dt', ...lang }, wordsView(e.words, t)))))),
    typography.length > 0 && h('details', { class: 'collapsed' },
      h('summary', null, minorHeading(t, 'typography', kind, typography.length)),
      h('p', { class: 'typo-list' }, typography.map(both).join(', '))),
    entries.length === 0 && h('p', { class: 'none' }, t('noChanges', { old: oldEdition, new: newEdition })),
  ];
}

/** The counts of a diff as a compact table: rules, examples, glossary × added … typography only. */
export function summaryView(summary: EditionDiff['summary'], t: Translate<HistoryKey>): Tree {
  const columns = [t('sumAdded'), t('sumRemoved'), t('sumChanged'), t('sumMoved'), t('sumMovedChanged'), t('sumRefs'), t('sumTypo')];
  const rows = [[t('sumRules'), summary.rules], [t('sumExamples'), summary.examples], [t('sumGlossary'), summary.glossary]] as const;
  // It scrolls sideways on a phone: focusable, so a keyboard can scroll it (axe scrollable-region-focusable).
  return h('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': t('summaryLabel') },
    h('table', { class: 'dsum' },
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, t('sumEntries'))), columns.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', null, rows.map(([label, c]) => h('tr', null, h('th', { scope: 'row' }, label),
        [c.added, c.removed, c.changed, c.moved, c['moved-changed'], c.referencesOnly, c.typographyOnly].map((n) => h('td', null, String(n)))))),
    ),
  );
}
