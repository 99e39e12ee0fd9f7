import { describe, expect, test } from 'vitest';
import { createTermLinker } from '../../src/site/terms.ts';
import type { GlossaryEntry, Paragraph } from '../../src/model/types.ts';
import { makeRule } from './make.ts';

const g = (term: string): GlossaryEntry => ({ term, definition: [], refs: [], line: 1 });
const text = (value: string): Paragraph => [{ type: 'text', value }];

describe('createTermLinker', () => {
  const link = createTermLinker({ lang: 'en', glossary: [g('Active Player'), g('Card'), g('Combat Damage Step'), g('Kicker, Kicked')], rules: [makeRule('100.1', 'x')] });

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

  test('does nothing when the pipeline already marks terms', () => {
    const marked = createTermLinker({ lang: 'en', glossary: [g('Active Player')], rules: [makeRule('1.1', [{ type: 'term', text: 'x', term: 'Active Player' }])] });
    expect(marked(text('active player'), new Set())).toEqual(text('active player'));
  });

  test('Japanese: long headwords, not inside a longer katakana word', () => {
    const ja = createTermLinker({ lang: 'ja', glossary: [g('アクティブ・プレイヤー'), g('色')], rules: [makeRule('1.1', 'x')] });
    const out = ja(text('アクティブ・プレイヤーは色を選ぶ。'), new Set());
    expect(out[0]).toEqual({ type: 'term', text: 'アクティブ・プレイヤー', term: 'アクティブ・プレイヤー' });
    expect(ja(text('非アクティブ・プレイヤー・チーム'), new Set()).some((n) => n.type === 'term')).toBe(false);
  });
});
