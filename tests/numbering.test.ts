import { describe, expect, it } from 'vitest';
import { findRenumberings } from '../src/pipeline/numbering.ts';

describe('findRenumberings', () => {
  it('corrects a digit typo that the neighbours prove (702.212 between 702.22a and 702.22c)', () => {
    expect(findRenumberings(['702.22', '702.22a', '702.212', '702.22c', '702.23'])).toEqual([{ index: 2, printed: '702.212', corrected: '702.22b' }]);
  });
  it('corrects a repeated number (second 201.3c) and a wrong rule (second 702.61c after 702.62b)', () => {
    expect(findRenumberings(['201.3', '201.3a', '201.3b', '201.3c', '201.3c', '201.4'])).toEqual([{ index: 4, printed: '201.3c', corrected: '201.3d' }]);
    expect(findRenumberings(['702.62', '702.62a', '702.62b', '702.61c', '702.63'])).toEqual([{ index: 3, printed: '702.61c', corrected: '702.62c' }]);
  });
  it('corrects a lost letter (702.85 for 702.85b) and a run (702.105c–e for 702.102c–e)', () => {
    expect(findRenumberings(['702.85', '702.85a', '702.85', '702.85c', '702.86'])).toEqual([{ index: 2, printed: '702.85', corrected: '702.85b' }]);
    // As in the Korean 2019 text: the misprinted run sits before 702.103, long before the real 702.105c.
    const korean = ['702.102', '702.102a', '702.102b', '702.105c', '702.105d', '702.105e', '702.103', '702.103a', '702.104', '702.105', '702.105a', '702.105b', '702.105c', '702.106'];
    expect(findRenumberings(korean)).toEqual([
      { index: 3, printed: '702.105c', corrected: '702.102c' },
      { index: 4, printed: '702.105d', corrected: '702.102d' },
      { index: 5, printed: '702.105e', corrected: '702.102e' },
    ]);
  });
  it('leaves a stale duplicate as printed when nothing proves a number', () => {
    expect(findRenumberings(['601.3', '601.3a', '601.3b', '601.3c', '601.3d', '601.3b', '601.4'])).toEqual([{ index: 5, printed: '601.3b', corrected: null }]);
    expect(findRenumberings(['711.1', '711.1a', '711.1b', '711.1b', '711.1c', '711.2'])).toEqual([{ index: 3, printed: '711.1b', corrected: null }]);
  });
  it('finds nothing in a well-ordered list', () => {
    expect(findRenumberings(['100', '100.1', '100.1a', '100.2', '101', '101.1'])).toEqual([]);
  });
});
