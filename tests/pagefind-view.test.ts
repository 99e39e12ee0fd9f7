/**
 * What the build hands Pagefind of a page (scripts/build/pagefind.ts `pagefindView`): the `<html>` tag, the
 * `<title>` and the `data-pagefind-body` element, rule anchors marked, unread attributes dropped, every
 * character of the text kept; a page without that element handed over whole.
 */
import { describe, expect, it } from 'vitest';
import { pagefindView } from '../scripts/build/pagefind.ts';

const page = (main: string) =>
  '<!DOCTYPE html><html lang="ja" dir="ltr"> <head><meta charset="utf-8"><title>702 キーワード能力 | CR Atlas</title>'
  + '<link rel="modulepreload" href="/_astro/a.js"></head><body class="has-side"><header data-pagefind-ignore="all">'
  + '<a href="/ja/">CR Atlas</a></header><nav class="side"><a href="/ja/100/">100</a></nav>'
  + main + '<footer data-pagefind-ignore="all">© </footer></body></html>';

describe('the page Pagefind reads', () => {
  it('keeps the html tag, title and main, marks rule anchors and glossary entries, drops links and classes', () => {
    const main = '<main id="main" tabindex="-1" data-edition="2019-01-25" data-pagefind-body><span hidden data-pagefind-filter="section:702"></span>'
      + '<p class="rule" id="702.19b" data-rule="702.19b"><a class="ref" href="/ja/702/2/#702.19c" data-r="702.19c" title="702.19c">702.19c</a>'
      + ' を参照。<span aria-hidden="true">“</span>トランプル</p><dl><dt id="g-trample" class="t">Trample</dt></dl>'
      + '<div class="rm" data-pagefind-ignore>History</div></main>';
    expect(pagefindView(page(main))).toBe(
      '<!DOCTYPE html><html lang="ja" dir="ltr"><head><title>702 キーワード能力 | CR Atlas</title></head><body>'
      + '<main id="main" data-edition="2019-01-25" data-pagefind-body><span hidden data-pagefind-filter="section:702"></span>'
      + '<p id="702.19b" data-rule="702.19b" data-pagefind-title="702.19b"><a title="702.19c">702.19c</a>'
      + ' を参照。<span aria-hidden="true">“</span>トランプル</p><dl><dt id="g-trample" data-pagefind-title="g-trample">Trample</dt></dl>'
      + '<div data-pagefind-ignore>History</div></main></body></html>',
    );
  });

  it('hands over a page without an indexed main whole (anchors still marked)', () => {
    const html = page('<main id="main"><p id="100.1" data-rule="100.1">x</p></main>');
    expect(pagefindView(html)).toBe(html.replace('data-rule="100.1">', 'data-rule="100.1" data-pagefind-title="100.1">'));
  });
});
