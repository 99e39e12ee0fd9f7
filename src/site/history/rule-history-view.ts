/**
 * A rule number's history, written once: the built English pages (/en/history/{number}/, through toHtml) and the
 * Japanese and Korean page that shows the same in the reader's language in the browser (/ja/history/?n=…, through
 * toDom, site/client/rule-history.ts). Each rule the number named, newest first: when it had the number, where it
 * is today (or when it was removed), its numbers, every edition where its text changed (word level) and the
 * examples of its last version. Pure; the words come from the history strings, the addresses from the caller.
 */
import type { RuleHistory, Version } from '../../history/history.ts';
import type { HistoryKey } from '../../history/strings.ts';
import type { Translate } from '../../i18n/translate.ts';
import { h, type Tree } from '../render/html-tree.ts';
import { wordsView } from './history-views.ts';

export interface RuleHistoryContext {
  t: Translate<HistoryKey>;
  /** The English editions, oldest first. */
  editions: readonly string[];
  /** The rule a number names in the latest edition. */
  todayHref: (number: string) => string;
  /** Another number's history. */
  historyHref: (number: string) => string;
  /** The changes of one edition against the one before. */
  pairHref: (from: string, to: string) => string;
  /** The compare page of two editions, filtered by a rule number. */
  compareHref: (from: string, to: string, number: string) => string;
  /** The number's history as JSON. */
  jsonHref: string;
  /** The language of the rules' texts where it is not the page's (`en` on the Japanese and Korean pages). */
  textLang?: string;
  /** Between two sentences and after a label (labels.ts `sentenceSpace`; a space unless given). */
  space?: string;
}

/** Runs of editions under one number: [number, first, last]. */
function numberRuns(versions: readonly Version[]): [string, string, string][] {
  const runs: [string, string, string][] = [];
  for (const v of versions) {
    const last = runs.at(-1);
    if (last && last[0] === v.number) last[2] = v.edition;
    else runs.push([v.number, v.edition, v.edition]);
  }
  return runs;
}

/** A sentence of the strings with an element where its `{slot}` placeholder is. */
function sentence(text: (slot: string) => string, element: Tree): Tree {
  const SLOT = '\u0000';
  const [before, after] = text(SLOT).split(SLOT);
  return [before ?? '', element, after ?? ''];
}

const LABEL: Record<Version['status'], HistoryKey> = { added: 'status_added', changed: 'status_changed', moved: 'renumbered', 'moved-changed': 'renumberedChanged', unchanged: 'status_unchanged' };

/** One rule the number named: a section of the page. */
function chainView(number: string, r: RuleHistory, k: number, c: RuleHistoryContext): Tree {
  const { t, editions } = c;
  const latest = editions.at(-1)!;
  const previous = (e: string) => editions[editions.indexOf(e) - 1] ?? null;
  const until = (e: string) => (e === latest ? t('today') : e);
  const runs = numberRuns(r.versions);
  const mine = runs.filter((x) => x[0] === number);
  const first = r.versions[0]!;
  // Newest first: today's text (or the removal) at the top, the rule's first edition at the bottom.
  const changes = r.versions.filter((v) => v.status !== 'unchanged').reverse();
  // The rule and its subrules between two editions, in one view: the compare page filtered by the number.
  const span = [first.edition, r.removed ? previous(r.removed)! : latest];
  const subject = r.current ?? r.versions.at(-1)!.number;
  const last = r.versions.at(-1)!;
  const lang = c.textLang ? { lang: c.textLang } : {};
  const space = c.space ?? ' ';
  return h('section', { class: 'chain', id: `c${k + 1}`, 'data-chain': true, 'data-spans': mine.map((x) => `${x[1]}..${x[2]}`).join(' ') },
    h('h2', null, mine.map((x) => `${x[1]} – ${until(x[2])}`).join(', ')),
    h('p', null,
      t('firstIn', { edition: first.edition, number: first.number }), space,
      r.current
        ? sentence((rule) => t('latestIs', { latest, rule }), h('a', { href: c.todayHref(r.current) }, r.current))
        : sentence((edition) => t('removedIn', { edition }), h('a', { href: c.pairHref(previous(r.removed!)!, r.removed!) }, r.removed!)),
      r.gaps.length > 0 && [space, t('sourceLacks', { editions: r.gaps.length === 1 ? r.gaps[0]! : t('gapRange', { first: r.gaps[0]!, last: r.gaps.at(-1)!, n: r.gaps.length, count: r.gaps.length }) })],
    ),
    runs.length > 1 && h('p', null, t('numbersLabel'), space, runs.map((x, i) => [i > 0 && ' → ', h('a', { href: c.historyHref(x[0]) }, x[0]), ` (${x[1]}${x[2] !== x[1] ? ` – ${until(x[2])}` : ''})`])),
    h('ol', { class: 'timeline' },
      r.removed && h('li', null, h('p', { class: 'de-h' }, h('time', { datetime: r.removed }, r.removed), ' ', h('span', { class: 'st st-removed' }, t('status_removed')))),
      changes.map((v) => {
        const prev = previous(v.edition);
        const before = r.versions[r.versions.indexOf(v) - 1];
        return h('li', { id: k === 0 ? `v-${v.edition}` : `c${k + 1}-v-${v.edition}` },
          h('p', { class: 'de-h' },
            h('time', { datetime: v.edition }, v.edition), ' ',
            h('span', { class: `st st-${v.status}` }, t(LABEL[v.status])),
            v.only && h('span', { class: 'compare-status' }, ` ${t(v.only === 'references' ? 'onlyReferences' : 'onlyTypography')}`), ' ',
            before && before.number !== v.number ? h('b', { class: 'mv' }, `${before.number} → ${v.number}`) : h('b', { class: 'dn' }, v.number),
            prev && [' · ', h('a', { href: c.pairHref(prev, v.edition) }, t('allChangesOf', { edition: v.edition }))],
          ),
          v.words ? h('div', { class: 'dt', ...lang }, wordsView(v.words, t)) : v.status === 'added' ? h('p', { class: 'dt', ...lang }, v.text) : null,
        );
      }),
    ),
    span[0] !== span[1] && h('p', { class: 'tools-row' }, h('a', { href: c.compareHref(span[0]!, span[1]!, subject), 'data-compare-subrules': true }, t('compareSubrules', { number: subject }))),
    last.examples.length > 0 && h('details', { class: 'collapsed' },
      h('summary', null, t('examplesIn', { edition: last.edition })),
      last.examples.map((x) => h('div', { class: 'ex', ...lang }, h('p', null, x))),
    ),
  );
}

/** The page's body below its crumbs: heading, the rules the number named, the JSON link. */
export function ruleHistoryView(number: string, histories: readonly RuleHistory[], c: RuleHistoryContext): Tree {
  const { t, editions } = c;
  return [
    h('h1', null, t('historyHeading', { number })),
    histories.length > 1 && h('p', null, t('historyManyRules', { number, n: histories.length, first: editions[0]! })),
    // Said in the browser when the page is reached for the rule a number named in an edition (`?at=`: history-at.ts).
    h('p', { class: 'compare-status', 'data-history-at': true, hidden: true, 'data-gone': t('historyAtGone', { number }), 'data-today': t('historyAtToday', { number }), 'data-removed': t('historyAtRemoved', { number }) }),
    histories.map((r, k) => chainView(number, r, k, c)),
    h('p', { class: 'tools-row' }, h('a', { href: c.jsonHref }, t('jsonLink'))),
  ];
}
