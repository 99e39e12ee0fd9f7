/**
 * Short and version-pinned addresses without a file of their own (src/site/host/short-address.ts), on the
 * real editions: every spelling of a rule number lands on the page holding it, with its anchor; the
 * latest edition under its date lands on the same page at the language's address; a rule an edition
 * lacks, or an edition the site does not render, resolves to nothing (the not-found page speaks).
 */
import { describe, expect, it } from 'vitest';
import { getSite } from '../../src/site/load.ts';
import { buildRuleIndex, type RuleIndex } from '../../src/site/rule-index.ts';
import { resolveShortAddress, type AddressEdition } from '../../src/site/host/short-address.ts';

const site = getSite();
const editions: AddressEdition[] = site.editions.map((e) => ({ lang: e.lang, edition: e.edition, latest: e.latest, url: e.base }));
const indexes = new Map<string, RuleIndex>(site.editions.map((e) => [e.base, buildRuleIndex(e.lang, e.edition, e.pages.map((p) => ({ path: p.path, numbers: p.chunk.entries.map((r) => r.number) })))]));
const loaded: string[] = [];
const load = async (base: string) => (loaded.push(base), indexes.get(base) ?? null);
const resolve = (path: string, lang?: string) => resolveShortAddress(path, editions, load, lang);

describe('short addresses', () => {
  it('a rule number of the latest edition, in every language, lands on its section page with its anchor', async () => {
    expect(await resolve('/ja/704.5j/')).toBe('/ja/704/#704.5j');
    expect(await resolve('/ko/704.5j/')).toBe('/ko/704/#704.5j');
    expect(await resolve('/en/704.5j')).toBe('/en/704/#704.5j');
    // A section number is its page, without an anchor.
    expect(await resolve('/en/704/')).toBe('/en/704/');
  });

  it('the spellings people paste: CR prefix, comma, full-width, a hyphenated anchor, no language (the reader’s)', async () => {
    expect(await resolve('/en/CR704.5j/')).toBe('/en/704/#704.5j');
    expect(await resolve('/en/704,5j/')).toBe('/en/704/#704.5j');
    expect(await resolve('/ja/%EF%BC%97%EF%BC%90%EF%BC%94%EF%BC%8E%EF%BC%95j/')).toBe('/ja/704/#704.5j');
    expect(await resolve('/en/cr704-5j/')).toBe('/en/704/#704.5j');
    expect(await resolve('/704.5j/', 'ko')).toBe('/ko/704/#704.5j');
  });

  it('an older edition by its date uses that edition’s pages (119 was damage in 2019, 120 is today)', async () => {
    expect(await resolve('/en/2019-01-25/119.3/')).toBe('/en/2019-01-25/119/#119.3');
    expect(await resolve('/ja/2019-01-25/119.3/')).toBe('/ja/2019-01-25/119/#119.3');
    expect(loaded).toContain('/ja/2019-01-25/');
  });

  it('the latest edition under its date: a rule, a page, the contents', async () => {
    const latest = site.latest.get('en')!.edition;
    expect(await resolve(`/en/${latest}/704.5j/`)).toBe('/en/704/#704.5j');
    expect(await resolve(`/ja/${latest}/parallel/702/`)).toBe('/ja/parallel/702/');
    expect(await resolve(`/ko/${latest}/glossary/`)).toBe('/ko/glossary/');
    expect(await resolve(`/en/${latest}/`)).toBe('/en/');
  });

  it('nothing for a rule the edition lacks, an edition the site does not render, or a path that names no rule', async () => {
    expect(await resolve('/en/704.5zz/')).toBeNull();
    expect(await resolve('/en/2019-01-25/702.190/')).toBeNull();
    expect(await resolve('/en/2011-01-01/704.5j/')).toBeNull();
    expect(await resolve('/en/nothing-here/')).toBeNull();
    expect(await resolve('/en/2019-01-25/glossary/x/')).toBeNull();
  });
});
