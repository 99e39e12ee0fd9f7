import { describe, expect, test } from 'vitest';
import { SHARED, needs } from './inputs.ts';
import { createTermLinker, linkGlossaryTerms } from '../src/pipeline/terms.ts';
import { paragraphText } from '../src/model/text.ts';
import type { GlossaryEntry, Inline, Paragraph } from '../src/model/types.ts';
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

  test('Korean has no glossary: nothing is linked', () => {
    const doc = structuredClone(parseFile(SEED.ko1));
    linkGlossaryTerms(doc);
    expect(doc.rules.some((r) => r.body.flat().some((n) => n.type === 'term'))).toBe(false);
  });
});
