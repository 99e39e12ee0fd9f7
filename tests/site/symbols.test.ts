import { describe, expect, test } from 'vitest';
import { describeSymbol } from '../../src/site/render/symbols.ts';

describe('describeSymbol', () => {
  test('tap, colours, generic, hybrid, Phyrexian', () => {
    expect(describeSymbol('T')).toMatchObject({ label: 'tap symbol', source: '{T}' });
    expect(describeSymbol('G')).toMatchObject({ classes: 'ms ms-c-G', label: 'green mana', glyph: 'G' });
    expect(describeSymbol('3')).toMatchObject({ classes: 'ms ms-gen', label: 'generic mana 3' });
    expect(describeSymbol('G/W')).toMatchObject({ classes: 'ms ms-hy ms-a-G ms-b-W', label: 'hybrid green/white mana' });
    expect(describeSymbol('W/P')).toMatchObject({ label: 'Phyrexian white mana' });
    expect(describeSymbol('G/U/P').label).toBe('Phyrexian hybrid green/blue mana');
    expect(describeSymbol('2/W').classes).toContain('ms-a-gen');
  });

  test('labels in the reader’s language', () => {
    expect(describeSymbol('T', 'ja').label).toBe('タップ・シンボル');
    expect(describeSymbol('W', 'ko').label).toBe('백색 마나');
  });

  test('unknown placeholders keep their text as the accessible name', () => {
    expect(describeSymbol('N+').label).toContain('{N+}');
    expect(describeSymbol('rN').glyph).toBe('N');
  });
});
