import { describe, expect, it } from 'vitest';
import { compareRuleNumbers, expandRange, normalizeRuleQuery, parentNumber, parseGoToQuery, parseRuleNumber, ruleKind } from '../src/model/rule-number.ts';

describe('parseRuleNumber', () => {
  it('reads sections, rules and subrules with or without a trailing period', () => {
    expect(parseRuleNumber('702')).toEqual({ section: 702 });
    expect(parseRuleNumber('702.19.')).toEqual({ section: 702, rule: 19 });
    expect(parseRuleNumber('702.19b')).toEqual({ section: 702, rule: 19, letter: 'b' });
    expect(parseRuleNumber('119.1d.')).toEqual({ section: 119, rule: 1, letter: 'd' });
    expect(parseRuleNumber('70.2')).toBeNull();
    expect(parseRuleNumber('702.19bb')).toBeNull();
  });
  it('gives kinds and parents', () => {
    expect(ruleKind('702')).toBe('section');
    expect(ruleKind('702.19')).toBe('rule');
    expect(ruleKind('702.19b')).toBe('subrule');
    expect(parentNumber('702.19b')).toBe('702.19');
    expect(parentNumber('702.19')).toBe('702');
    expect(parentNumber('702')).toBe('7');
  });
});

describe('compareRuleNumbers', () => {
  it('orders numerically, sections before their rules, letters in CR order', () => {
    const shuffled = ['701.10', '701.9', '702', '701.9a', '701', '704.5p', '704.5k', '704.5n', '704.5m', '100.1'];
    expect([...shuffled].sort(compareRuleNumbers)).toEqual(['100.1', '701', '701.9', '701.9a', '701.10', '702', '704.5k', '704.5m', '704.5n', '704.5p']);
  });
  it('puts letters the CR never uses after their neighbour, the largest rule of a section before the next section, text last', () => {
    const shuffled = ['glossary', '703', '702.999z', '704.5m', '704.5l', '704.5k', '702.999', 'Attach', '999.99z', '704.5o', '704.5p'];
    expect([...shuffled].sort(compareRuleNumbers)).toEqual(['702.999', '702.999z', '703', '704.5k', '704.5l', '704.5m', '704.5o', '704.5p', '999.99z', 'Attach', 'glossary']);
    expect(compareRuleNumbers('702.19b', '702.19b')).toBe(0);
  });
});

describe('expandRange', () => {
  it('expands letter ranges skipping l and o, and rule ranges', () => {
    expect(expandRange('704.5j', '704.5n')).toEqual(['704.5j', '704.5k', '704.5m', '704.5n']);
    expect(expandRange('119.7', '119.8')).toEqual(['119.7', '119.8']);
    expect(expandRange('903.6', '903.11')).toEqual(['903.6', '903.7', '903.8', '903.9', '903.10', '903.11']);
  });
});

describe('normalizeRuleQuery', () => {
  it.each([
    ['702.19b', '702.19b'],
    ['702.19.', '702.19'],
    ['CR702.19b', '702.19b'],
    ['cr 702.19b', '702.19b'],
    ['７０２．１９ｂ', '702.19b'],
    ['rule 702.19b', '702.19b'],
    ['규칙 702.19b', '702.19b'],
    ['#R70219b', '702.19b'],
    ['R7026', '702.6'],
  ])('%s → %s', (input, expected) => expect(normalizeRuleQuery(input)).toBe(expected));
  it('rejects what is not a rule number', () => {
    expect(normalizeRuleQuery('trample')).toBeNull();
    expect(normalizeRuleQuery('7')).toBeNull();
  });
});

describe('parseGoToQuery', () => {
  it('forgives the usual ways of typing a rule number', () => {
    for (const s of ['702.19b', '702,19b', '702 19b', '702-19-b', 'r702.19b', 'R 702.19b', 'CR 702.19B', '７０２．１９ｂ', '#R70219b', '702.19 b', '702_19_b', 'rule 702.19b', '규칙 702.19b', 'ルール702.19b', '702.19b.', ' 702/19/b '])
      expect(parseGoToQuery(s), s).toEqual({ kind: 'rule', number: '702.19b' });
    expect(parseGoToQuery('702')).toEqual({ kind: 'rule', number: '702' });
    expect(parseGoToQuery('702 19')).toEqual({ kind: 'rule', number: '702.19' });
    expect(parseGoToQuery('100.1')).toEqual({ kind: 'rule', number: '100.1' });
  });
  it('sends words to the search', () => {
    expect(parseGoToQuery('trample')).toEqual({ kind: 'words', text: 'trample' });
    expect(parseGoToQuery('状況起因処理')).toEqual({ kind: 'words', text: '状況起因処理' });
    expect(parseGoToQuery('state-based actions')).toEqual({ kind: 'words', text: 'state-based actions' });
    expect(parseGoToQuery('702 trample and deathtouch')).toEqual({ kind: 'words', text: '702 trample and deathtouch' });
  });
  it('says what was wrong with a number it cannot read', () => {
    expect(parseGoToQuery('   ')).toMatchObject({ kind: 'error', error: 'empty' });
    expect(parseGoToQuery('70.2')).toMatchObject({ kind: 'error', error: 'section' });
    expect(parseGoToQuery('7021.9')).toMatchObject({ kind: 'error', error: 'section' });
    expect(parseGoToQuery('702.1999')).toMatchObject({ kind: 'error', error: 'rule' });
    expect(parseGoToQuery('702.19l')).toMatchObject({ kind: 'error', error: 'letter' });
    expect(parseGoToQuery('702.19bc')).toMatchObject({ kind: 'error', error: 'letter' });
    expect(parseGoToQuery('702b')).toMatchObject({ kind: 'error', error: 'letter' });
    expect(parseGoToQuery('702.19b?')).toMatchObject({ kind: 'error', error: 'shape', text: '702.19b?' });
  });
});
