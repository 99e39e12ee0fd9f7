// @vitest-environment happy-dom
/**
 * The compare page's entry (src/site/client/compare-boot.ts): which request it starts before the compare script
 * has loaded, from the page's address and what the build wrote on the form. `fetch` is replaced by a recorder.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetch } from '../../src/site/client/compare-boot.ts';

const FORM = `<form data-compare data-outline="/api/en/history/outline.json" data-numbers="/api/en/history/glossary-numbers.json"
  data-pair="/api/en/changes/{pair}.json" data-pairs="2025-09-19...2025-11-14 2025-11-14...2026-01-16"></form>`;

describe('the first request of the compare page', () => {
  let asked: string[];
  beforeEach(() => {
    asked = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return Promise.resolve(new Response('{}', { status: 200 }));
    });
    document.body.innerHTML = FORM;
  });
  afterEach(() => vi.unstubAllGlobals());
  const at = (search: string) => {
    window.history.replaceState(null, '', `/en/changes/compare/${search}`);
    return [...prefetch(document).keys()];
  };

  it('reads a small consecutive pair from its own diff file', () => {
    expect(at('?old=2025-11-14&new=2026-01-16')).toEqual(['/api/en/changes/2025-11-14...2026-01-16.json']);
    expect(asked).toEqual(['/api/en/changes/2025-11-14...2026-01-16.json']);
  });
  it('reads the outline for any other pair, and the glossary numbers too for a number filter', () => {
    expect(at('?old=2019-01-25&new=2026-01-16')).toEqual(['/api/en/history/outline.json']);
    expect(at('?old=2025-09-19&new=2026-01-16&q=702.19')).toEqual(['/api/en/history/outline.json', '/api/en/history/glossary-numbers.json']);
  });
  it('starts nothing where the outline cannot answer: words to look for, a newer edition first, no pair', () => {
    expect(at('?old=2019-01-25&new=2026-01-16&q=trample')).toEqual([]);
    expect(at('?old=2026-01-16&new=2019-01-25')).toEqual([]);
    expect(at('')).toEqual([]);
    expect(asked).toEqual([]);
  });
  it('starts nothing on a page without the compare form', () => {
    document.body.innerHTML = '';
    expect(at('?old=2019-01-25&new=2026-01-16')).toEqual([]);
  });
});
