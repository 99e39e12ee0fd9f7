import { describe, expect, test } from 'vitest';
import { ancestors, resolveLostPath, ruleFromQuery } from '../../src/site/lookup.ts';

describe('ruleFromQuery', () => {
  test.each([
    ['702.19b', '702.19b'],
    ['702.19.', '702.19'],
    ['CR702.19b', '702.19b'],
    ['rule 702.19b', '702.19b'],
    ['규칙 702.19b', '702.19b'],
    ['#R70219b', '702.19b'],
    ['７０２．１９ｂ', '702.19b'],
    ['cr702-19b', '702.19b'],
    ['section-702-19b', '702.19b'],
    ['%E8%A6%8F', null],
    ['702', '702'],
    ['hello', null],
  ])('%s → %s', (input, expected) => {
    expect(ruleFromQuery(input)).toBe(expected);
  });
});

describe('resolveLostPath', () => {
  test('redirects other spellings to the canonical rule URL', () => {
    expect(resolveLostPath('/en/CR702.19b')?.redirect).toBe('/en/702.19b/');
    expect(resolveLostPath('/ja/2019-01-25/702.19.')?.redirect).toBe('/ja/2019-01-25/702.19/');
    expect(resolveLostPath('/ja/%EF%BC%97%EF%BC%90%EF%BC%92')?.redirect).toBe('/ja/702/');
    expect(resolveLostPath('/702.19b/')?.redirect).toBe('/en/702.19b/');
    expect(resolveLostPath('/702.19b/', 'ko')?.redirect).toBe('/ko/702.19b/');
  });

  test('reports a canonical path that is missing (the rule does not exist)', () => {
    expect(resolveLostPath('/en/702.19z/')).toEqual({ lang: 'en', edition: null, rule: '702.19z', redirect: null });
  });

  test('ignores paths without a rule number', () => {
    expect(resolveLostPath('/en/nothing/')).toBeNull();
    expect(resolveLostPath('/en/702/2/x/')).toBeNull();
  });
});

describe('ancestors', () => {
  test('lists parents up to the section', () => {
    expect(ancestors('702.19b')).toEqual(['702.19', '702']);
    expect(ancestors('702')).toEqual([]);
  });
});
