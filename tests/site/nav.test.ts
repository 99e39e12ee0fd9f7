/**
 * The header's language switch (src/site/nav.ts) marks the page's own language: on an edition's page its link is
 * the page itself (aria-current="page"); on a page of no edition (`/ko/404.html`, `/sources/`) the link to the
 * language's contents is marked as the page's language (aria-current="true"), so 한국어 is shown as current there too.
 */
import { expect, test } from 'vitest';
import { getSite } from '../../src/site/load.ts';
import { languageLinks } from '../../src/site/nav.ts';
import { SHARED, needs } from '../inputs.ts';

const site = getSite();
const marked = (links: ReturnType<typeof languageLinks>) => links.map((l) => [l.lang, l.current, l.ownLanguage]);

// The real editions of all three languages: English and Korean come from the rules mirror.
needs(SHARED).describe('language switch', () => {
  test('on an edition page its language is the page itself', () => {
    const ko = site.latest.get('ko')!;
    expect(marked(languageLinks(site, ko, '702'))).toEqual([['en', false, false], ['ja', false, false], ['ko', true, true]]);
  });

  test('on a page of no edition the page\'s language is marked, no link is the page', () => {
    expect(marked(languageLinks(site, null, null, 'ko'))).toEqual([['en', false, false], ['ja', false, false], ['ko', false, true]]);
    expect(marked(languageLinks(site, null, null, 'ja'))).toEqual([['en', false, false], ['ja', false, true], ['ko', false, false]]);
    expect(languageLinks(site, null, null, 'ko').map((l) => l.href)).toEqual(['/en/', '/ja/', '/ko/']);
  });
});
