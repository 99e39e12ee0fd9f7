/** Translation lag: what the English of a translated rule did between the translation's edition and the latest. */
import { expect, it } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { readHistory } from '../../src/pipeline/generated.ts';
import { addedSince, lagsSince, summarizeLag } from '../../src/history/lag.ts';
import { diffEditions } from '../../src/history/diff.ts';
import { rulesAt } from '../../src/history/store.ts';
import { getSite } from '../../src/site/load.ts';
import { editionLag, ruleLag } from '../../src/site/api/history-extras.ts';
import { extraFiles } from '../../src/site/api/extras.ts';

const shared = needs(SHARED);

shared.describe('lag since 2019-01-25 (the Japanese and Korean translations)', () => {
  const store = readHistory();
  const lags = lagsSince(store, '2019-01-25')!;
  it('one lag per English rule of the edition, against the latest English', () => {
    expect(lags.size).toBe(rulesAt(store, '2019-01-25').size);
    for (const l of lags.values()) expect(l.english).toBe('2026-01-16');
  });
  it('reads the hand-checked renumberings: moved word for word, moved and reworded, removed', () => {
    // See tests/history/model.test.ts: 2019 103.2a = 2026 103.1a word for word; 2019 103.1a became 103.2a, reworded.
    expect(lags.get('103.2a')).toEqual({ english: '2026-01-16', status: 'moved', current: '103.1a', changed: false });
    expect(lags.get('103.1a')).toEqual({ english: '2026-01-16', status: 'moved', current: '103.2a', changed: true });
    // 2019 613.3d (counters, layer 7d) has no one-to-one counterpart in 2026 (merged into 613.4c).
    expect(lags.get('613.3d')).toEqual({ english: '2026-01-16', status: 'removed', current: null });
    // 100.1 has read the same since 2014-09-25 (`cr history 100.1`; the two texts agree word for word).
    expect(lags.get('100.1')?.status).toBe('unchanged');
  });
  it('summarises per translation: the counts add up to the rules it has', () => {
    const s = summarizeLag('2019-01-25', lags, ['103.2a', '103.1a', '613.3d', '100.1', 'nonexistent']);
    expect(s.counts).toEqual({ unchanged: 1, changed: 0, moved: 2, removed: 1 });
    // 103.1a moved and was reworded (above): the banner counts it apart, inside "moved".
    expect(s.movedChanged).toBe(1);
  });
  it('counts the rules added since, as the differ does (the review: the banner left the 832 added rules out)', () => {
    expect(addedSince(store, '2019-01-25')).toBe(diffEditions(store, '2019-01-25', '2026-01-16').summary.rules.added);
    expect(addedSince(store, '2026-01-16')).toBe(0);
  });
  it('reaches the site: rule JSON of the Japanese and Korean editions carries "lag", the edition JSON a summary', () => {
    const site = getSite();
    const ja = site.get('ja', '2019-01-25')!;
    expect(ruleLag(ja, '103.2a')).toEqual({ english: '2026-01-16', status: 'moved', current: '103.1a', changed: false });
    const sum = editionLag(ja)!;
    expect(sum.counts.unchanged + sum.counts.changed + sum.counts.moved + sum.counts.removed).toBe([...ja.rules.keys()].filter((n) => lags.has(n)).length);
    expect(ruleLag(site.latest.get('en')!, '103.2a')).toBeUndefined();
    const file = [...extraFiles(site)].find((f) => f.path === 'api/ko/2019-01-25/sections/103.json')!;
    expect(JSON.parse(file.content).rules.find((r: { number: string }) => r.number === '103.2a').lag).toEqual({ english: '2026-01-16', status: 'moved', current: '103.1a', changed: false });
  });
});
