/**
 * The compare page's grouped result (src/site/client/compare.ts renders it through toDom): one heading per part with
 * its count, one closed <details> per section ("702. Keyword Abilities · 12 changes") whose entries are rendered only
 * when it is opened (sectionBody, with the lists of the consecutive-edition pages: history-views.ts), and the line
 * saying how many of the diff's changes the filter shows. Pure; the words come from the history strings.
 */
import type { HistoryStore } from '../../history/store.ts';
import { spanAt } from '../../history/store.ts';
import type { HistoryKey } from '../../history/strings.ts';
import type { Translate } from '../../i18n/translate.ts';
import { h, type Tree } from '../render/html-tree.ts';
import { diffListView } from './history-views.ts';
import type { EntryClass, Item, Part } from './history-groups.ts';

/** The titles of the sections (three-digit rules) in edition `to`, else in `from` (a section removed since). */
export function sectionTitles(store: HistoryStore, from: string, to: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of [store.editions.indexOf(to), store.editions.indexOf(from)]) {
    if (e < 0) continue;
    for (const chain of store.rules) {
      const s = spanAt(chain, e);
      if (s && /^\d{3}$/.test(s[2]) && !out.has(s[2])) out.set(s[2], store.texts[s[3]] ?? '');
    }
  }
  return out;
}

export interface GroupsOptions {
  t: Translate<HistoryKey>;
  sectionTitles: ReadonlyMap<string, string>;
  /** Part number → title (from the latest English edition's contents). */
  partTitles: Readonly<Record<string, string>>;
  /** Sections opened at once (a narrow filter): their entries are rendered too, unless `bodies` is false. */
  open: boolean;
  /** False when the entries' texts are not loaded yet (the page fills an opened section when they arrive). */
  bodies?: boolean;
  oldEdition: string;
  newEdition: string;
  /** The texts' language when it is not the page's (`en` on the Japanese and Korean compare pages). */
  textLang?: string | undefined;
  /** A rule number's history in the page's language (default: the built English page). */
  historyHref?: ((number: string) => string) | undefined;
}

/** Parts and sections with counts; a section's entries only when `open` (else filled by sectionBody on toggle). */
export function groupsView(parts: readonly Part[], shown: number, total: number, o: GroupsOptions): Tree {
  const { t } = o;
  const count = (n: number) => h('span', { class: 'cmp-n' }, t('changes', { n, count: n }));
  return [
    h('p', { class: 'cmp-shown', 'data-compare-shown': String(shown) }, t('shown', { shown, total })),
    shown === 0 && h('p', { class: 'none' }, t('noneShown')),
    parts.map((p) => h('section', { class: 'cmp-part', 'data-part': p.id },
      h('h3', null, p.id === 'glossary' ? t('glossaryGroup') : t('partHeading', { number: p.id, title: o.partTitles[p.id] ?? '' }), ' ', count(p.count)),
      p.sections.map((s) => h('details', { class: 'cmp-sec', 'data-section': s.id, open: o.open },
        h('summary', null, s.id === 'glossary' ? t('glossaryGroup') : [`${s.id}. `, o.textLang ? h('span', { lang: o.textLang }, o.sectionTitles.get(s.id) ?? '') : (o.sectionTitles.get(s.id) ?? '')], ' ', count(s.items.length)),
        h('div', { class: 'cmp-body' }, o.open && o.bodies !== false && sectionBody(s.items, o)))))),
  ];
}

/** One section's entries: rules, then examples, then glossary, each as the consecutive-edition pages list them. */
export function sectionBody(items: readonly Item[], o: Pick<GroupsOptions, 't' | 'oldEdition' | 'newEdition' | 'textLang' | 'historyHref'>): Tree {
  const classes: EntryClass[] = ['rules', 'examples', 'glossary'];
  const present = classes.filter((c) => items.some((i) => i.cls === c));
  return present.map((cls) => [
    present.length > 1 && h('h4', null, o.t(cls === 'examples' ? 'groupExamples' : cls === 'glossary' ? 'glossaryGroup' : 'groupRules')),
    diffListView(cls, items.filter((i) => i.cls === cls).map((i) => i.entry), { oldEdition: o.oldEdition, newEdition: o.newEdition, t: o.t, textLang: o.textLang, historyHref: o.historyHref }),
  ]);
}
