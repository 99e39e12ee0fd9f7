import { describe, expect, test } from 'vitest';
import { SHARED, needs } from './inputs.ts';
import { createTermLinker, linkGlossaryTerms } from '../src/pipeline/terms.ts';
import { paragraphText } from '../src/model/text.ts';
import type { GlossaryEntry, Paragraph } from '../src/model/types.ts';
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

  test('Japanese: long headwords, not inside a longer katakana word', () => {
    const ja = createTermLinker({ lang: 'ja', glossary: [g('アクティブ・プレイヤー'), g('色')] });
    const out = ja(text('アクティブ・プレイヤーは色を選ぶ。'), new Set());
    expect(out[0]).toEqual({ type: 'term', text: 'アクティブ・プレイヤー', term: 'アクティブ・プレイヤー' });
    expect(ja(text('非アクティブ・プレイヤー・チーム'), new Set()).some((n) => n.type === 'term')).toBe(false);
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
