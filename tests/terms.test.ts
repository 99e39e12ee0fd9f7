import { describe, expect, test } from 'vitest';
import { SHARED, needs } from './inputs.ts';
import { readFileSync } from 'node:fs';
import { createTermLinker, linkGlossaryTerms, resolveTermSenses } from '../src/pipeline/terms.ts';
import { paragraphText } from '../src/model/text.ts';
import type { GlossaryEntry, Inline, Paragraph, Rule, RuleDocument } from '../src/model/types.ts';
import { EN, SEED, parseFile, ruleByNumber } from './helpers.ts';

const g = (term: string): GlossaryEntry => ({ term, definition: [], refs: [], line: 1 });
const text = (value: string): Paragraph => [{ type: 'text', value }];

describe('createTermLinker', () => {
  const link = createTermLinker({ lang: 'en', glossary: [g('Active Player'), g('Card'), g('Combat Damage Step'), g('Kicker, Kicked')] });

  test('marks the first occurrence of multi-word headwords, case-insensitively', () => {
    const seen = new Set<string>();
    const out = link(text('The active player and the Active Player, then the combat damage step.'), seen);
    expect(out.filter((n) => n.type === 'term')).toEqual([
      { type: 'term', text: 'active player', term: 'Active Player' },
      { type: 'term', text: 'combat damage step', term: 'Combat Damage Step' },
    ]);
    expect(out.map((n) => (n.type === 'text' ? n.value : n.type === 'term' ? n.text : '')).join('')).toBe('The active player and the Active Player, then the combat damage step.');
    expect(link(text('active player again'), seen)).toEqual(text('active player again'));
  });

  test('leaves single common words alone', () => {
    expect(link(text('Draw a card. It was kicked.'), new Set())).toEqual(text('Draw a card. It was kicked.'));
  });

  test('Japanese: only terms the source marks, the first of four or more characters, not inside a katakana word', () => {
    const ja = createTermLinker({ lang: 'ja', glossary: [g('アクティブ・プレイヤー'), g('色'), g('呪文能力')] });
    const term = (t: string): Inline => ({ type: 'term', text: t, term: t });
    // A source-marked term stays a link; the second occurrence in the same rule becomes text again.
    const seen = new Set<string>();
    expect(ja([term('アクティブ・プレイヤー'), { type: 'text', value: 'は' }, term('色'), { type: 'text', value: 'を選ぶ。' }], seen)).toEqual([
      term('アクティブ・プレイヤー'),
      { type: 'text', value: 'は色を選ぶ。' },
    ]);
    expect(ja([term('アクティブ・プレイヤー')], seen)).toEqual([{ type: 'text', value: 'アクティブ・プレイヤー' }]);
    // Inside a longer katakana word (the source's linker matched 非アクティブ・プレイヤー・チーム's middle): text.
    expect(ja([{ type: 'text', value: '非' }, term('アクティブ・プレイヤー'), { type: 'text', value: '・チーム' }], new Set()).some((n) => n.type === 'term')).toBe(false);
    // Plain text is never matched by string: two touching terms (呪文|能力, a particle lost) are no 呪文能力.
    expect(ja([term('呪文'), { type: 'gap' }, term('能力')], new Set())).toEqual([{ type: 'text', value: '呪文' }, { type: 'gap' }, { type: 'text', value: '能力' }]);
    expect(ja(text('呪文能力を持つ'), new Set())).toEqual(text('呪文能力を持つ'));
    expect(ja([term('呪文能力')], new Set())).toEqual([term('呪文能力')]);
  });
});

describe('resolveTermSenses (fixtures)', () => {
  const rule = (number: string, body: Paragraph[]): Rule => ({ number, kind: 'rule', parent: number.slice(0, 3), children: [], body, examples: [], notes: [], line: 1 });
  const doc = (lang: 'ja' | 'en', rules: Rule[], glossary: GlossaryEntry[] = []): RuleDocument => ({
    lang, edition: '2019-01-25', title: '', format: lang === 'ja' ? 'ja-text' : 'en-text', file: 'x', introduction: [], parts: [], rules, glossary, credits: [], termBridge: [], partial: false, diagnostics: [],
  });
  const entries = [{ ...g('イベント'), english: 'Event' }, { ...g('イベント'), english: 'Tournament' }, { ...g('呪文'), english: 'Spell' }];
  const term: Inline = { type: 'term', text: 'イベント', term: 'イベント' };

  test('names the entry whose English name the English rule uses; unlinks where it names both or neither', () => {
    const ja = doc('ja', [1, 2, 3].map((i) => rule(`100.${i}`, [[{ type: 'text', value: 'この' }, term, { type: 'text', value: 'は' }]])), entries);
    const en = doc('en', [
      rule('100.1', [text('Events in a tournament.')]),
      rule('100.2', [text('A tournament is held.')]),
      rule('100.3', [text('Nothing to see.')]),
    ]);
    expect(Object.fromEntries(resolveTermSenses(ja, en))).toEqual({ '': 2, Tournament: 1 });
    expect(ja.rules[0]!.body[0]).toEqual(text('このイベントは'));
    expect(ja.rules[1]!.body[0]![1]).toEqual({ ...term, english: 'Tournament' });
    expect(ja.rules[2]!.body[0]).toEqual(text('このイベントは'));
  });
});

needs(SHARED).describe('linkGlossaryTerms on the real documents', () => {
  test.each([
    ['English 2019-01-25', EN('2019-01-25')],
    ['Japanese 2019-01-25', SEED.ja],
  ])('%s: links terms in rule text without changing a character', (_, file) => {
    const doc = structuredClone(parseFile(file));
    const before = doc.rules.map((r) => [...r.body, ...r.examples.flat()].map(paragraphText).join('\n'));
    linkGlossaryTerms(doc);
    const after = doc.rules.map((r) => [...r.body, ...r.examples.flat()].map(paragraphText).join('\n'));
    expect(after).toEqual(before);
    const terms = doc.rules.flatMap((r) => [...r.body, ...r.examples.flat()].flat()).filter((n) => n.type === 'term');
    expect(terms.length).toBeGreaterThan(500);
    // Every linked term names a glossary headword of the same document.
    const headwords = new Set(doc.glossary.map((e) => e.term));
    expect(terms.every((n) => n.type === 'term' && headwords.has(n.term))).toBe(true);
    // Keyword headings (`702.19. Trample`) stay plain: they are titles, not text.
    expect(ruleByNumber(doc, '702.19').body[0]!.some((n) => n.type === 'term')).toBe(false);
  });

  test('Japanese イベント links to the entry its English rule means: Event 66 times, Tournament in 404.2, 711.3, 720.1c', () => {
    // The glossary has two headwords イベント (raw lines 5859 イベント(いべんと)/Event, 5863 …/Tournament). Linked
    // occurrences: one per rule whose raw lines print the ruby form イベントいべんと not after a katakana word
    // (誘発イベント is another headword), the first distinctive term of the rule. Tournament: the three rules whose
    // English (same number, 2019-01-25) speaks of a tournament, read in both texts (the review found the same three).
    const ja = structuredClone(parseFile(SEED.ja));
    const en = parseFile(EN('2019-01-25'));
    linkGlossaryTerms(ja);
    const raw = readFileSync(SEED.ja, 'utf8').split(/\r\n|\r|\n/);
    const glossaryAt = raw.lastIndexOf('用語集');
    expect(raw.slice(glossaryAt).filter((l) => l.startsWith('イベント(いべんと)/')).map((l) => l.split('/')[1])).toEqual(['Event', 'Tournament']);
    const rulesWithRuby = new Set<string>();
    let current = '';
    for (const l of raw.slice(raw.indexOf('1. ゲームの考え方', raw.indexOf('1. ゲームの考え方') + 1), glossaryAt)) {
      current = /^b?(\d{3}\.\d{1,3}[a-z]?)/.exec(l)?.[1] ?? current;
      if (/(?<![\p{Script=Katakana}ー・]|誘発)イベントいべんと/u.test(l)) rulesWithRuby.add(current);
    }
    expect(rulesWithRuby.size).toBe(69);
    const senses = resolveTermSenses(ja, en);
    expect(Object.fromEntries(senses)).toEqual({ Event: 66, Tournament: 3 });
    const linked = ja.rules.flatMap((r) => [...r.body, ...r.examples.flat()].flat().flatMap((n) => (n.type === 'term' && n.term === 'イベント' ? [[r.number, n.english]] : [])));
    expect(new Set(linked.map(([n]) => n))).toEqual(rulesWithRuby);
    expect(linked.filter(([, e]) => e === 'Tournament').map(([n]) => n)).toEqual(['404.2', '711.3', '720.1c']);
    expect(linked.find(([n]) => n === '700.1')).toEqual(['700.1', 'Event']);
    // The English of the same edition is required: another edition resolves nothing.
    expect(resolveTermSenses(structuredClone(parseFile(SEED.ja)), parseFile(EN('2026-01-16'))).size).toBe(0);
  });

  test('Korean has no glossary: nothing is linked', () => {
    const doc = structuredClone(parseFile(SEED.ko1));
    linkGlossaryTerms(doc);
    expect(doc.rules.some((r) => r.body.flat().some((n) => n.type === 'term'))).toBe(false);
  });
});
