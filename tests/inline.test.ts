import { describe, expect, it } from 'vitest';
import { NOTE_MARK, parseInline } from '../src/pipeline/inline.ts';
import { paragraphText, referencedNumbers } from '../src/model/text.ts';

const refs = (text: string) => parseInline(text).filter((n) => n.type === 'ref');

describe('parseInline: cross-references', () => {
  it('finds single rules, sections and parts', () => {
    expect(refs('See rule 702.19b. See section 8, "Multiplayer Rules."')).toEqual([
      { type: 'ref', text: '702.19b', target: { kind: 'rule', number: '702.19b' } },
      { type: 'ref', text: '8', target: { kind: 'part', number: '8' } },
    ]);
    expect(refs('See rule 112, "Abilities."')[0]!.target).toEqual({ kind: 'section', number: '112' });
  });
  it('finds lists and ranges (hyphen, en dash, full numbers)', () => {
    const p = parseInline('See rules 110.2 and 111.2, rules 603.7d-f, 103.2a–e, 119.7–8 and 903.6–903.11.');
    expect(p.filter((n) => n.type === 'ref').map((n) => (n.type === 'ref' ? [n.text, n.target] : null))).toEqual([
      ['110.2', { kind: 'rule', number: '110.2' }],
      ['111.2', { kind: 'rule', number: '111.2' }],
      ['603.7d-f', { kind: 'range', number: '603.7d', to: '603.7f' }],
      ['103.2a–e', { kind: 'range', number: '103.2a', to: '103.2e' }],
      ['119.7–8', { kind: 'range', number: '119.7', to: '119.8' }],
      ['903.6–903.11', { kind: 'range', number: '903.6', to: '903.11' }],
    ]);
    expect(referencedNumbers(p)).toEqual(['110.2', '111.2', '603.7d', '603.7e', '603.7f', '103.2a', '103.2b', '103.2c', '103.2d', '103.2e', '119.7', '119.8', '903.6', '903.7', '903.8', '903.9', '903.10', '903.11']);
  });
  it('reads Korean and Japanese reference forms', () => {
    expect(refs('규칙601.2b와 규칙 601.2c를 보세요. 8절 "Multiplayer Rules."').map((n) => n.type === 'ref' && n.target.number)).toEqual(['601.2b', '601.2c', '8']);
    // The Japanese extraction lost the 、 between two links: 613.6rule is 613.6, not 613.6r.
    expect(refs('rule 613.6rule 613.7 参照').map((n) => n.type === 'ref' && n.text)).toEqual(['613.6', '613.7']);
    expect(refs('rule 100.2a 参照').map((n) => n.type === 'ref' && n.text)).toEqual(['100.2a']);
  });
  it('does not read numbers that are not references', () => {
    expect(refs('Each deck must contain at least 60 cards; 15 in the sideboard; 2017.')).toEqual([]);
  });
});

describe('parseInline: symbols and notes', () => {
  it('makes symbols nodes and keeps text around them, in order', () => {
    const p = parseInline('{T}, Pay {G/W}{2}: Draw. {LEVEL 1-3}');
    expect(p).toEqual([
      { type: 'symbol', value: 'T' },
      { type: 'text', value: ', Pay ' },
      { type: 'symbol', value: 'G/W' },
      { type: 'symbol', value: '2' },
      { type: 'text', value: ': Draw. {LEVEL 1-3}' },
    ]);
    expect(paragraphText(p)).toBe('{T}, Pay {G/W}{2}: Draw. {LEVEL 1-3}');
  });
  it('turns note markers into noteRefs and leaves them out of the plain text', () => {
    const p = parseInline(`Banding${NOTE_MARK} is old.${NOTE_MARK}`);
    expect(p.filter((n) => n.type === 'noteRef')).toEqual([{ type: 'noteRef', index: 0 }, { type: 'noteRef', index: 1 }]);
    expect(paragraphText(p)).toBe('Banding is old.');
  });
});
