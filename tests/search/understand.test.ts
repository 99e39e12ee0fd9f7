/**
 * Query understanding (issue 22), one step at a time, each on the real rule text: question and
 * filler words, Latin and digits glued to kana/kanji, rule-number prefixes, the ranking's prior
 * (citations, variant rules, lists of names). The sessions are pinned to the editions the relevance
 * sets use (en 2026-01-16, ja/ko 2019-01-25), so a newer ja/ko edition does not change them.
 */
import { expect } from 'vitest';
import { SHARED, needs } from '../inputs.ts';
import { nodeSession } from '../../scripts/search-session.ts';
import { loadBundle, readSynonyms } from '../../scripts/build/search-index.ts';
import { Concepts } from '../../src/search/concepts.ts';
import { findMarks, makeSnippet, wordStartMarks } from '../../src/search/snippet.ts';
import { contentQuery } from '../../src/search/fillers.ts';
import { ruleQuery } from '../../src/search/rule-query.ts';
import { resolveGoTo } from '../../src/site/client/goto.ts';
import { Prior, priorFacts } from '../../src/search/prior.ts';
import { PairNumbers, pairKeys, pairShare, textPairs } from '../../src/search/proximity.ts';
import { cardNamesOf, CjkSpelling, jamoDistance, namesOf, rewordHomophones } from '../../src/search/cjk-spelling.ts';
import { classless } from '../../src/search/headings.ts';
import { neighbourKeys, neighbourJamo } from '../../src/search/keyboard.ts';
import { indexTokens, normalize, pieces, queryTerms, wordStarts } from '../../src/search/text.ts';

// Every test here reads the rules mirror: skipped locally without it, failing under CI (tests/inputs.ts).
const { describe, it } = needs(SHARED);

const EDITION = { en: '2026-01-16', ja: '2019-01-25', ko: '2019-01-25' } as const;
const session = (lang: 'en' | 'ja' | 'ko') => (SHARED.present ? nodeSession(lang, EDITION[lang]) : (undefined as unknown as ReturnType<typeof nodeSession>));
const en = session('en');
const ja = session('ja');
const ko = session('ko');
const top = async (s: typeof en, q: string, n = 10) => (await s.search(q, n)).map((h) => h.number);
const rank = async (s: typeof en, q: string, want: string) => (await top(s, q)).indexOf(want) + 1;
/**
 * The edition's spelling corrector as the engine makes it (engine.ts), over the real bundle: its names, bigram counts,
 * homophones and cards, and for Korean whether a word starts a word of the rules.
 */
const fixerOf = (lang: 'ja' | 'ko') => {
  const b = loadBundle(`${lang}-${EDITION[lang]}`);
  const df = new Map<string, number>();
  // As the searcher counts them: a record's body, examples and asked-by lines hold bigrams; a word starts in the first two.
  for (const [, , body, examples, asked] of b.records) for (const t of new Set(indexTokens(`${body}\n${examples}\n${asked ?? ''}`))) df.set(t, (df.get(t) ?? 0) + 1);
  const words = [...new Set(b.records.flatMap(([, , body, examples]) => `${body}\n${examples}`.split(lang === 'ko' ? /[^\p{Script=Hangul}]+/u : /[^\p{Script=Katakana}ー]+/u)).filter(Boolean))];
  // A Korean word starts a word of the rules; a katakana word is one of theirs, whole.
  const occurs = lang === 'ko' ? (w: string) => words.some((x) => x.startsWith(w)) : (w: string) => words.includes(w);
  return new CjkSpelling(namesOf(b), (g) => df.get(g) ?? 0, occurs, b.homophones, cardNamesOf(b));
};

describe('question and filler words', () => {
  it('drops what makes the question, keeps what the rules say', () => {
    expect(contentQuery('what happens if both players would lose at the same time')).toBe('both players lose same time');
    expect(contentQuery('can i respond to a land being played')).toBe('respond land played');
    expect(contentQuery('インスタントはいつ唱えられる？')).toBe('インスタントは 唱え');
    expect(contentQuery('両方のプレイヤーが同時に敗北したらどうなる？')).toBe('両方のプレイヤーが同時に敗北し');
    // The query is normalised first (？ → ?): a question ending before either mark goes, and the mark with it.
    expect(contentQuery(normalize('ターン終了時に手札を捨てるのは？'))).toBe('ターン終了時に手札を捨てる');
    expect(contentQuery(normalize('土地をプレイした後に優先権を得る？'))).toBe('土地をプレイした後に優先権を得る');
    expect(contentQuery('마나 능력에 대응할 수 있나요')).toBe('마나 능력에 대응할');
    expect(contentQuery('상대 무덤을 봐도 되나요')).toBe('상대 무덤을');
    // A word quoted from a card keeps its particle (`'당신'은` is one word, 당신은); chat's 뭐임, 어케됨, 내맘대로 ask only.
    expect(contentQuery("카드에 써있는 '당신'은 뭐임")).toBe('카드에 써있는 당신은');
    expect(contentQuery('무덤 순서 내맘대로 어케됨')).toBe('무덤 순서');
    // Negation and the rules' own words stay.
    expect(contentQuery("tapped creature can't block")).toBe("tapped creature can't block");
    expect(contentQuery('all targets illegal')).toBe('all targets illegal');
    // Nothing but question words: the query is left as it is.
    expect(contentQuery('what is it')).toBe('what is it');
    // `while` and the forms of `have` tie a question's clauses: 601.2b's asked-by line says "X and kicker while
    // casting", and `while … has … spell` put it first for a question about conceding (dev set 5).
    expect(contentQuery('can i concede while my opponent still has a spell on the stack')).toBe('concede opponent spell stack');
  });
  it('puts the answering rule first for questions whose words the rules use', async () => {
    // 608.2b: "If the spell or ability specifies targets, it checks whether the targets are still legal."
    expect(await rank(en, 'what if the target is illegal when the spell resolves', '608.2b')).toBeGreaterThan(0);
    // 305.2: "A player can normally play one land during their turn". 305.2a and 116.2a, which say "land"
    // and "play" several times each (term frequency counts since 2026-11-28), come before it.
    expect(await rank(en, 'how many lands can I play per turn', '305.2')).toBeGreaterThan(0);
    // 404.2: 「プレイヤーは、いつでも、すべての墓地にあるカードを見ることができる」
    expect(await rank(ja, '墓地のカードはいつでも見られる？', '404.2')).toBeGreaterThan(0);
    // 104.3a: "A player can concede the game at any time."
    expect(await rank(en, 'can i concede while my opponent still has a spell on the stack', '104.3a')).toBe(1);
  });
  it('a section heading answers no question; a heading the question names raises the rules under it', async () => {
    const bundle = loadBundle(`en-${EDITION.en}`);
    const prior = new Prior(bundle.records, priorFacts(bundle.records, indexTokens));
    const idx = (n: string) => bundle.records.findIndex((r) => r[0] === n);
    expect(prior.inQuestion(idx('111'))).toBe(0.5);
    expect(prior.inQuestion(idx('108.2b'))).toBe(1);
    // Under a named heading: its section's rules and subrules, its rule's subrules; the heading itself is not under it.
    const indestructible = new Set([idx('702.12')]);
    const lift = (n: string, topics: Set<number>) => prior.factor(idx(n), false, prior.marks(topics)) / prior.factor(idx(n), false);
    expect(lift('702.12b', indestructible)).toBeCloseTo(1.3, 6);
    expect(lift('702.12', indestructible)).toBe(1);
    expect(lift('702.11b', indestructible)).toBe(1);
    expect(lift('702.12b', new Set([idx('702')]))).toBeCloseTo(1.3, 6);
    // `is a token a card` (108.2b: "A token isn't a card"): 111 Tokens came first; the query `tokens` still finds it.
    expect((await top(en, 'is a token a card'))[0]).not.toBe('111');
    expect(await top(en, 'is a token a card')).toContain('108.2b');
    expect((await top(en, 'tokens')).slice(0, 3)).toEqual(['g-token', '111.1', '111']);
    // 702.12b: "Permanents with indestructible can't be destroyed." 704.5g (lethal damage) came first.
    expect((await top(en, 'wrath of god vs indestructible creature'))[0]).toBe('702.12b');
    // 702.33a: a spell cast with flashback is exiled instead of going anywhere else. 601.2b came first.
    expect((await top(ja, 'フラッシュバックで唱えた呪文が打ち消されたら墓地に戻るの？'))[0]).toBe('702.33a');
  });
  it('finds the headings a question names inside it', async () => {
    const names = async (s: typeof en, lang: 'en' | 'ja' | 'ko', q: string) => {
      await s.search(q, 1); // loads the session's engine
      const engine = (s as unknown as { native: { headings: { namedWithin(l: string, c: string): Set<number> }; records: [string][] } }).native;
      return [...engine.headings.namedWithin(lang, contentQuery(normalize(q)))].map((i) => engine.records[i]![0]).sort();
    };
    expect(await names(en, 'en', 'wrath of god vs indestructible creature')).toEqual(['302', '702.12']);
    expect(await names(en, 'en', 'can i cast a sorcery on my opponents end step')).toEqual(['307', '513', '701.5']);
    expect(await names(ja, 'ja', 'フラッシュバックで唱えた呪文が打ち消されたら墓地に戻るの？')).toEqual(['111', '404', '702.33']);
    expect(await names(ko, 'ko', '돌진 가진 생물')).toEqual(['302', '702.19']);
  });
});

describe('Latin and digits glued to kana or kanji', () => {
  it('splits them into their own pieces', () => {
    const ps = (q: string) => pieces(normalize(q)).map((p) => `${p.script}:${p.text}`);
    expect(ps('CIP能力')).toEqual(['latin:cip', 'ja:能力']);
    expect(ps('1ターンに土地を2枚置ける？')).toEqual(['latin:1', 'ja:ターンに土地を', 'latin:2', 'ja:枚置ける']);
    expect(ps('X呪文')).toEqual(['latin:x', 'ja:呪文']);
    // Latin words themselves are unchanged (apostrophes, accents, rule numbers).
    expect(ps("player's café 702.19b")).toEqual(['latin:player', 'latin:café', 'latin:702.19b']);
  });
  it('answers where the glued query returned nothing', async () => {
    // 305.2: 「通常、プレイヤーは、自分のターンの間に土地を1つだけプレイすることができる」
    expect(await top(ja, '1ターンに土地を2枚置ける？')).toContain('305.2');
    // CIP is the synonym of 603.6a (content/search/synonyms.ja.json); 能力 follows it.
    expect((await top(ja, 'CIP能力')).length).toBeGreaterThan(0);
    expect(await top(ja, 'X呪文')).not.toEqual([]);
  });
  it('reads a Latin concept glued to kana or kanji, and keeps a counter after a digit', () => {
    const jac = new Concepts(readSynonyms('ja'));
    // CIP and CMC are concepts of the table (603.6a's 戦場に出た時, 202.3's 点数で見たマナ・コスト) though kana or kanji touch them.
    expect(jac.rewrite('cip能力').text).toBe('戦場に出た時能力');
    expect(jac.rewrite('裏返ったあとcmcいくつ').text).toBe('裏返ったあと点数で見たマナ・コストいくつ');
    // Still whole Latin words: `cmc` inside `xcmc` is none.
    expect(jac.rewrite('xcmc').text).toBe('xcmc');
    // `枚唱` is no bigram of the rules, but 枚 counts the 1 before it: not a slip of 続唱 (cascade).
    expect(fixerOf('ja').fix('もう1枚唱えていい')).toBe('もう1枚唱えていい');
  });
});

describe('rule-number prefixes', () => {
  it('reads the words players put before a number', () => {
    expect(ruleQuery('룰 603.4')).toBe('603.4');
    expect(ruleQuery('総合ルール 116.3b')).toBe('116.3b');
    expect(ruleQuery('規則702.19b')).toBe('702.19b');
    expect(ruleQuery('ルール第702.19b項')).toBe('702.19b');
    expect(ruleQuery('rule 704.5j')).toBe('704.5j');
    expect(ruleQuery('룰')).toBeNull();
    expect(ruleQuery('規則 トランプル')).toBeNull();
  });
  it('the go-to box reads them too (規則702.19b went to the search page)', async () => {
    // No page element and no rule index here (Node): the go-to falls back to the rule's address.
    const doc = { getElementById: () => null } as unknown as Document;
    expect(await resolveGoTo('規則702.19b', '/ja/', doc)).toEqual({ url: '/ja/702.19b/' });
    expect(await resolveGoTo('룰 603.4', '/ko/', doc)).toEqual({ url: '/ko/603.4/' });
    expect(await resolveGoTo('トランプル', '/ja/', doc)).toEqual({ url: '/ja/search/?q=%E3%83%88%E3%83%A9%E3%83%B3%E3%83%97%E3%83%AB' });
  });
  it('sends them to the number lookup in every language', async () => {
    expect((await top(ko, '룰 603.4'))[0]).toBe('603.4');
    expect((await top(ja, '総合ルール 116.3b'))[0]).toBe('116.3b');
    expect((await top(ja, '規則702.19b'))[0]).toBe('702.19b');
  });
});

describe('prior: citations, variant rules, lists', () => {
  const bundle = SHARED.present ? loadBundle(`en-${EDITION.en}`) : undefined;
  it('counts citations from the rule text', () => {
    const prior = new Prior(bundle!.records, priorFacts(bundle!.records, indexTokens));
    const idx = (n: string) => bundle!.records.findIndex((r) => r[0] === n);
    // Counted independently: every "702.19b" written in another record's body or examples.
    const expected = bundle!.records.filter((r) => r[0] !== '702.19b' && /\b702\.19b\b/.test(`${r[2]} ${r[3]}`)).reduce((s, r) => s + (`${r[2]} ${r[3]}`.match(/\b702\.19b\b/g) ?? []).length, 0);
    expect(expected).toBeGreaterThan(0);
    expect(prior.cites[idx('702.19b')]).toBe(expected);
    // 205.3m (the creature types) is a list: a name in it counts less than a rule about it.
    expect(prior.factor(idx('205.3m'), false)).toBeLessThan(0.5);
    expect(prior.factor(idx('702.12b'), false)).toBeGreaterThanOrEqual(1);
    // 8xx/9xx count half unless the query names a variant.
    expect(prior.factor(idx('810.10b'), false)).toBeLessThan(prior.factor(idx('810.10b'), true));
    expect(prior.namesVariant(['commander'])).toBe(true);
    expect(prior.namesVariant(['giant'])).toBe(true);
    expect(prior.namesVariant(['player', 'poison', 'counter'])).toBe(false);
  });
  it('a rule that refers to four or more others is a map of them, and its text counts less', async () => {
    const facts = priorFacts(bundle!.records, indexTokens);
    const prior = new Prior(bundle!.records, facts);
    const idx = (n: string) => bundle!.records.findIndex((r) => r[0] === n);
    // Counted independently: the distinct rule numbers 601.2b's own text writes.
    const refs = (n: string) => new Set(bundle!.records[idx(n)]![2].match(/\b\d{3}\.\d+[a-z]?\b/g)).size;
    expect(refs('601.2b')).toBe(6);
    expect(refs('601.2a')).toBe(2);
    expect(facts.hubs).toContain(idx('601.2b'));
    expect(facts.hubs).not.toContain(idx('601.2a'));
    // Apart from their citations (CITED), the map counts 0.4 of its neighbour step.
    const cited = (n: string) => 1 + 0.1 * Math.log2(1 + prior.cites[idx(n)]!);
    expect(prior.factor(idx('601.2b'), false) / cited('601.2b')).toBeCloseTo(0.4, 5);
    expect(prior.factor(idx('601.2a'), false) / cited('601.2a')).toBeCloseTo(1, 5);
    // The question's words (spell, target, resolves) all meet in 601.2b; the answer is 608.2b.
    const fizzle = await top(en, 'what happens if the only target of my spell is gone when it resolves');
    expect(fizzle[0]).toBe('608.2b');
    expect(fizzle.slice(0, 3)).not.toContain('601.2b');
  });
  it('a core rule that opens on a variant and refers to its rules is a variant rule too', async () => {
    const facts = priorFacts(bundle!.records, indexTokens);
    const prior = new Prior(bundle!.records, facts);
    const idx = (n: string) => bundle!.records.findIndex((r) => r[0] === n);
    const text = (n: string) => bundle!.records[idx(n)]![2];
    // 704.6b opens on the variant and sends the reader to it; 104.5 refers to 800.4, but only after a core first clause.
    expect(text('704.6b')).toMatch(/^In a Two-Headed Giant game, .*See rule 810\b/);
    expect(text('104.5')).toMatch(/^If a player loses the game, .*see rule 800\.4\.$/);
    expect(facts.variantBound).toContain(idx('704.6b'));
    expect(facts.variantBound).not.toContain(idx('104.5'));
    expect(facts.variantBound).not.toContain(idx('704.5c'));
    // Half the text score unless the query names the variant, as 810.10b.
    expect(prior.factor(idx('704.6b'), false) / prior.factor(idx('704.6b'), true)).toBeCloseTo(0.5, 5);
    expect(prior.factor(idx('104.5'), false)).toBe(prior.factor(idx('104.5'), true));
    // Ten poison counters (704.5c) before the team's fifteen (704.6b) when no variant is named; named, the team's first.
    const poison = await top(en, 'how many poison counters to lose');
    expect(poison.indexOf('704.5c')).toBeGreaterThanOrEqual(0);
    expect(poison.indexOf('704.5c')).toBeLessThan(poison.indexOf('704.6b') >>> 0);
    expect((await top(en, 'two-headed giant poison counters how many to lose')).indexOf('704.6b')).toBeLessThan(3);
  });
  it('a word only a heading above the rule holds counts in part for the rule', async () => {
    const prior = new Prior(bundle!.records, priorFacts(bundle!.records, indexTokens));
    const idx = (n: string) => bundle!.records.findIndex((r) => r[0] === n);
    // 903.7 ("each player sets their life total to 40") lacks "commander"; its section heading 903 is
    // "Commander". Two query terms, one alternative each: bit 0 "commander", bit 1 "life".
    expect(bundle!.records[idx('903')]![2]).toBe('Commander');
    expect(/commander/i.test(bundle!.records[idx('903.7')]![2])).toBe(false);
    const mask = new Uint32Array(bundle!.records.length);
    mask[idx('903')] = 1;
    mask[idx('903.7')] = 2;
    mask[idx('103.4')] = 2;
    const terms = [{ weight: 3 }, { weight: 1 }];
    expect(prior.headingCover(idx('903.7'), mask, [1, 2], terms)).toBe(3);
    // A rule of another section, and a word the rule holds itself, get nothing from it.
    expect(prior.headingCover(idx('103.4'), mask, [1, 2], terms)).toBe(0);
    mask[idx('903.7')] = 3;
    expect(prior.headingCover(idx('903.7'), mask, [1, 2], terms)).toBe(0);
    // The question now lists 903.7 (it was not in the top ten without the heading's word).
    expect(await top(en, 'starting life total in commander')).toContain('903.7');
  });
  it('ranks the core rule and its most-cited subrules first', async () => {
    const trample = await top(en, 'trample');
    expect(trample.indexOf('702.19b')).toBeGreaterThanOrEqual(0);
    expect(trample.indexOf('702.19b')).toBeLessThan(trample.indexOf('702.19g'));
    // 104.3d and 704.5c (ten poison counters) above the Two-Headed Giant rules (810.10*).
    const poison = await top(ko, '독 카운터');
    for (const core of ['104.3d', '704.5c']) expect(poison.indexOf(core), core).toBeGreaterThanOrEqual(0);
    const firstVariant = poison.findIndex((n) => /^8/.test(n));
    if (firstVariant >= 0) expect(poison.indexOf('704.5c')).toBeLessThan(firstVariant);
    // A card name never lets the creature-type list come first.
    expect((await top(en, 'Wrath of God indestructible'))[0]).not.toBe('205.3m');
    // 702.12b ("can't be destroyed") is among the first ten: sixth since the words players ask rules by came in
    // (704.5g's line asks about lethal damage and indestructible; 702.12, 702.12a and 702.12c's about "indestructible vs …").
    expect(await top(en, 'Wrath of God indestructible')).toContain('702.12b');
  });
});

describe('proximity: adjacent content words of a question', () => {
  const enBody = (number: string) => loadBundle(`en-${EDITION.en}`).records.find((r) => r[0] === number)![2];
  /** The share of a query's pairs a text holds, the texts numbered first as the engine does. */
  const share = (text: string, query: string | string[]) => {
    const numbers = new PairNumbers();
    const held = numbers.number(textPairs(pieces(normalize(text))));
    return pairShare(held, numbers.lookUp(typeof query === 'string' ? pairKeys(query) : query));
  };
  it('pairs of Latin content words, as compact keys; the share a rule holds', () => {
    expect(pairKeys(contentQuery(normalize('how many cards in a constructed deck')))).toEqual(['cardconstructed', 'constructeddeck']);
    expect(pairKeys('インスタントは 唱え')).toEqual([]);
    // 510.4 (2026): "…has first strike (see rule 702.7) … as the combat damage step begins…": "first
    // strike", "combat damage" and "damage step" stand in it as written, "strike combat" does not.
    const pairs = pairKeys('first strike combat damage step');
    expect(pairs).toEqual(['firststrike', 'strikecombat', 'combatdamage', 'damagestep']);
    expect(share(enBody('510.4'), pairs)).toBe(0.75);
    expect(share('The combat phase has five steps', pairs)).toBe(0);
  });
  it('a pair is two whole words side by side, however either side writes a hyphen', () => {
    // 510.1b: "An unblocked creature assigns its combat damage…": a word inside a longer one is not the pair.
    expect(share(enBody('510.1b'), 'blocked creature')).toBe(0);
    expect(share(enBody('510.1b'), 'unblocked creature')).toBe(1);
    // 702.145a: "…some double-faced cards…": met by the query with or without the hyphen.
    expect(pairKeys('double faced cards')).toEqual(['doublefaced', 'facedcard']);
    expect(share(enBody('702.145a'), 'double faced cards')).toBe(1);
    expect(share(enBody('702.145a'), 'double-faced commander')).toBe(0.5);
    // A Japanese or Korean run between two words parts them; a text's repeated pair is one pair.
    expect(textPairs(pieces(normalize('combat 전투 damage step, damage step')))).toEqual(['damagestep', 'stepdamage', 'damagestep']);
    expect(share('combat 전투 damage step, damage step', 'combat damage step')).toBe(0.5);
  });
  it('numbers each pair once per index, and a query pair no text holds finds nothing', () => {
    const numbers = new PairNumbers();
    expect([...numbers.number(['stepdamage', 'damagestep', 'stepdamage'])]).toEqual([0, 0, 1]);
    expect([...numbers.number(['damagestep', 'firststrike'])]).toEqual([1, 2]);
    expect([...numbers.lookUp(['firststrike', 'strikecombat', 'stepdamage'])]).toEqual([2, -1, 0]);
    expect(pairShare(new Int32Array([0, 1]), numbers.lookUp(['firststrike', 'strikecombat', 'stepdamage', 'damagestep']))).toBe(0.5);
  });
  it('a rule holding the question’s words side by side comes first', async () => {
    // 100.2a: "In constructed play … each deck has a minimum deck size of 60 cards" ("constructed deck").
    expect((await top(en, 'how many cards in a constructed deck'))[0]).toBe('100.2a');
  });
});

describe('Korean words over bigrams inside other words', () => {
  it('indexes and asks for word starts', () => {
    expect(wordStarts(pieces(normalize('플레이어는 레이어 7')))).toEqual(['^플레', '^레이']);
    expect(queryTerms(normalize('레이어')).map((t) => t.token)).toContain('^레이');
  });
  it('레이어 finds the layers (613), not the player rules', async () => {
    // 613.1 names the layers (「레이어 1: 복사 효과…」); 102 is 「플레이어」.
    const hits = await top(ko, '레이어');
    expect(hits.slice(0, 5).every((n) => n.startsWith('613'))).toBe(true);
    expect(hits).not.toContain('102');
    // Spacing variants keep working (상태참조행동 / 상태 참조 행동 → 704).
    expect((await top(ko, '상태참조행동')).slice(0, 3)).toContain('704');
    expect((await top(ko, '상태 참조 행동')).slice(0, 3)).toContain('704');
  });
  it('a word starting a word of the rule outranks the same bigrams inside a longer word', async () => {
    // 613.1b (ko 2019): 「Layer 2: 조종권 변경 효과가 적용됩니다.」 611.1 holds 조종권을 변경 and 레이 only inside
    // 플레이어: with the word start counting 0.3 of a bigram, 611.1 came first.
    expect((await top(ko, '조종권 변경 효과는 몇 번째 레이어야?'))[0]).toBe('613.1b');
    // `있으면` only makes the question: 702.10b 「신속을 가진 생물은 … 공격하거나 …」, not 702.7b's 선제공격.
    expect((await top(ko, '신속이 있으면 공격'))[0]).toBe('702.10b');
  });
});

describe('Japanese and Korean misspellings and IME misconversions', () => {
  it('measures Korean slips in jamo', () => {
    expect(jamoDistance('게', '계')).toBe(1);
    expect(jamoDistance('젹', '적')).toBe(1);
    expect(jamoDistance('궈', '권')).toBe(1);
    expect(jamoDistance('가', '나')).toBe(1);
    expect(jamoDistance('가', '넘')).toBe(3);
  });
  it('knows which Korean slips a finger makes: a neighbouring key on the two-set keyboard, or Shift', () => {
    // As initial, medial and final jamo (Unicode's indices). ㄴ (S) beside ㅇ (D): 윤 and 융; 싱 and 신. ㅁ (A) below
    // ㅂ (Q): 마 and 바. ㅠ (B) and ㅕ (U) are two rows apart: 윤 and 연. 사 and 싸 are Shift. 각 and 낙 differ in two jamo.
    const j = (ch: string) => { const c = ch.charCodeAt(0) - 0xac00; return [Math.floor(c / 588), Math.floor((c % 588) / 28), c % 28]; };
    const slip = (a: string, b: string) => neighbourJamo(j(a), j(b));
    expect([slip('윤', '융'), slip('싱', '신'), slip('마', '바'), slip('사', '싸')]).toEqual([true, true, true, true]);
    expect([slip('윤', '연'), slip('각', '낙'), slip('가', '가'), slip('과', '가')]).toEqual([false, false, false, false]);
  });
  it('of two English corrections as close, takes the slip a finger makes', () => {
    // QWERTY: f and g touch, b and n, a and q; b and f do not.
    expect([neighbourKeys('f', 'g'), neighbourKeys('b', 'n'), neighbourKeys('a', 'q'), neighbourKeys('b', 'f')]).toEqual([true, true, true, false]);
    // `tken`: token (an o left out), not then (k for h: the keys do not touch), though then is commoner; `hate`
    // (no word of the rules) is haste with its s left out, not have (t for v).
    expect(en.corrected('tken')).toBe('token');
    expect(en.corrected('hate')).toBe('haste');
  });
  it('of two Korean terms one jamo away, corrects to the one a neighbouring key gives', () => {
    // 윤합: 융합 (fuse, 702.101) by ㄴ → ㅇ, neighbours; 연합 (22 times in the 2019 rules) by ㅠ → ㅕ, two rows apart.
    expect(ko.corrected('윤합 카드')).toBe('융합 카드');
    expect(ko.corrected('은싱 달린 생물')).toBe('은신 달린 생물');
    // A last syllable's final is where endings go: 떨어짐 is not read as 떨어집 (ㅁ beside ㅂ) but as before.
    expect(ko.corrected('떨어짐?')).not.toBe('떨어집?');
  });
  it('says what it corrected: the query as the ranking read it, or null when nothing was misspelt', async () => {
    // The boxes show it (“Showing results for …”). A word being typed is a prefix, not a slip (`foretel` → foretell…).
    expect(en.corrected('tramlpe')).toBe('trample');
    expect(en.corrected('deathtuch and trampel')).toBe('deathtouch and trample');
    for (const q of ['trample', '702.19b', 'can i foretel']) expect(en.corrected(q), q).toBeNull();
    expect(ja.corrected('絆根を持つクリーチャー')).toBe('絆魂を持つクリーチャー');
    expect(ja.corrected('トランプル')).toBeNull();
    expect(ko.corrected('억루당한 생물')).toBe('억류당한 생물');
    expect(ko.corrected('커멘더 세금')).toBe('커맨더 세금');
    expect(ko.corrected('돌진')).toBeNull();
    // After a search the searcher reuses what it read of that query (the worker asks both); another query is read anew.
    await ko.search('커멘더 세금');
    expect(ko.corrected('커멘더 세금')).toBe('커맨더 세금');
    expect(ko.corrected('경게')).toBe('경계');
    await ko.search('돌진');
    expect(ko.corrected('커멘더 세금')).toBe('커맨더 세금');
  });
  it('a question names the heading of its misspelt keyword as of the word it meant (topic, headings.ts namedWithin)', async () => {
    // 702.49 Ninjutsu: the question as spelt right lists 702.49a, 702.49c, 509.1h; the slip put 506.7b (“blockers
    // are declared”) first while ninjustu named no heading.
    const first = async (q: string) => (await en.search(q, 3)).map((h) => h.number);
    expect(await first('ninjustu before blockers are declared')).toEqual(await first('ninjutsu before blockers are declared'));
    expect((await first('ninjustu before blockers are declared'))[0]).toBe('702.49a');
  });
  it('a slip before chat’s passive ending, and 블락 beside a keyword, still find the keyword (억류, detain: 701.28a)', async () => {
    // 701.28a: 억류된 지속물은 … 공격하거나 방어할 수 없으며 …. 블락 (block) reads as 방어, one word: as 방어자 선언 방어 its
    // three words put the declare-blockers rules (509) above the keyword the question is about.
    expect((await top(ko, '억류 블락', 1))[0]).toBe('701.28a');
    expect((await top(ko, '억루당한 생물 블락은 되나 능력은?', 1))[0]).toBe('701.28a');
    // Alone, 블락 is still the declare-blockers step first (the entry's rule).
    expect((await top(ko, '블락', 1))[0]).toBe('509');
  });
  it('corrects to the edition’s own terms (glossary, headings, term bridge)', async () => {
    // Each target is a keyword heading of the 2019 CR: 702.8 瞬速, 702.15 絆魂, 702.2 接死, 704 状況起因処理,
    // 614 置換効果, 903 統率者戦 (統率者), 702.20 경계, 903 커맨더, 702.2 치명타, 702.12 무적, 702.7 선제공격.
    const first = async (s: typeof ja, q: string) => (await s.search(q, 3)).map((h) => h.number);
    expect(await first(ja, '瞬足')).toContain('702.8a');
    expect(await first(ja, '絆根')).toContain('702.15a');
    expect(await first(ja, '摂死')).toContain('702.2a');
    expect(await first(ja, '状況基因処理')).toContain('704');
    expect(await first(ja, '痴漢効果')).toContain('614');
    expect(await first(ja, 'トランプる')).toContain('702.19');
    expect((await first(ja, '統卒者')).some((n) => n.startsWith('903'))).toBe(true);
    expect(await first(ko, '경게')).toContain('702.20');
    expect(await first(ko, '커멘더')).toContain('903');
    expect(await first(ko, '치멍타')).toContain('702.2');
    expect(await first(ko, '무젹')).toContain('702.12');
    expect(await first(ko, '선재공격')).toContain('702.7');
    expect(await first(ko, '상테 참조 행동')).toContain('704');
  });
  it('Korean: a slip keeps a word’s first initial (but for a shift), and a vowel or final slips before an initial', async () => {
    const fixer = fixerOf('ko');
    // 가나 ("does it go") was read as 마나, 놔도 ("may I put") as 봐도.
    expect(fixer.fix('내 무덤으로 가나')).toBe('내 무덤으로 가나');
    expect(fixer.fix('땅 놔도 되나요')).toBe('땅 놔도 되나요');
    // Terms are compared by their stems: 하나요 ("do I?") was read as 하나의 (하나 and a particle).
    expect(fixer.fix('첫턴에 드로우 하나요')).toBe('첫턴에 드로우 하나요');
    // 점슬: 점술 (scry, a vowel) before 점을 (an initial); 쩐투: a shift too many (전투, combat).
    expect(fixer.fix('점슬 0 하면')).toBe('점술 0 하면');
    expect(fixer.fix('쩐투 피해')).toBe('전투 피해');
    // A term is no slip of another: 싸이클링 and 플래시 are the concept table's own forms (read there as 순환 and 섬광),
    // 페이딩 (fading) is no 페이징 (phasing); 25,082 asked-by lines had 490 rewrites, now about 200.
    for (const q of ['싸이클링도', '플래시 타이밍', '페이딩 희생']) expect(fixer.fix(q)).toBe(q);
    expect(fixer.fix('경게')).toBe('경계');
    // A slip before chat's passive ending: 억루당한 is 억류 (detain) 당한 (it was one stem, 억루당, no slip of a term).
    expect(fixer.fix('억루당한 생물')).toBe('억류당한 생물');
    // Chat's endings are endings (회복됨, 회복돼 were read as 회복되), and a card's word is no slip of a rule's
    // (블러드 아티스트, Blood Artist, was 블러드 어시스트; 배니셔 프리스트 was 배니셔 퍼시스트, persist).
    expect(fixer.fix('상대 생명 오히려 회복됨?')).toBe('상대 생명 오히려 회복됨?');
    expect(fixer.fix('생물은 언제 회복돼?')).toBe('생물은 언제 회복돼?');
    expect(fixer.fix('블러드 아티스트랑 신분노')).toBe('블러드 아티스트랑 신분노');
    expect(fixer.fix('배니셔 프리스트 etb 스택에 있을때 프리스트 죽으면')).toBe('배니셔 프리스트 etb 스택에 있을때 프리스트 죽으면');
    expect(fixer.fix('마법짐이 생물 되면')).toBe('마법진이 생물 되면');
    // 페이즈 아웃 (phased out) is the rules' and the players' word for 702.25's phasing (the concept table's).
    expect(fixer.fix('폐이즈 아웃된 생물')).toBe('페이즈 아웃된 생물');
    // A word of two syllables both of which the rules hold is no slip, though it starts none of their words: read so,
    // 25,082 asked-by lines changed 90 more, nearly all for the worse (공모, conspire → 공포; 섞고 → 서고; 골드 → 고드).
    for (const q of ['공모 두번', '덱 섞고 서고 됨', '골드 카드 색', '충성도 0되면 죽나', '의지의 힘 피치로']) expect(fixer.fix(q)).toBe(q);
  });
  it('leaves known words and particles alone', async () => {
    const bundle = SHARED.present ? loadBundle(`ja-${EDITION.ja}`) : undefined;
    const df = new Map<string, number>();
    for (const [, , body] of bundle!.records) for (const t of new Set(indexTokens(body))) df.set(t, (df.get(t) ?? 0) + 1);
    const fixer = new CjkSpelling(['移行', '飛行', 'トランプル', '경계'], (g) => df.get(g) ?? 0);
    expect(fixer.fix('トランプル')).toBe('トランプル');
    expect(fixer.fix('非行を持つ')).toBe('飛行を持つ');
    // A particle where a term has a kanji is another word, not a slip.
    expect(fixer.fix('に行')).toBe('に行');
  });
  it('corrects a whole word, never the end of one word and the start of the next', () => {
    const fixer = fixerOf('ja');
    const same = (q: string) => expect(fixer.fix(q), q).toBe(q);
    // Each of these was "corrected" before: 力撃 → 攻撃 (火力 + 撃つ), 負け dropped (→ つける), 接戦 → 接死 (直接 + 戦場),
    // 何す → 探す (only kana would stay), 何体 → 単独 (a question's 何), 軽減 → 両面 (軽減 is a word of the rules).
    same('火力撃つとき');
    same('ライフが0になったらいつ負ける');
    same('直接戦場に出すなら');
    same('戦闘開始ステップ 何する');
    same('何体でブロックしなければならない');
    same('コスト軽減カード使ったら');
    same('ライフちょうど7のとき');
    // Slips of whole words still are: one character (fewer changes first: 先制攻撃, not 二段攻撃), an IME's whole word
    // (銭湯 for 戦闘, neither a word of the rules), a long-vowel mark.
    expect(fixer.fix('先生攻撃と普通のクリーチャー')).toBe('先制攻撃と普通のクリーチャー');
    expect(fixer.fix('銭湯ダメージって')).toBe('戦闘ダメージって');
    expect(fixer.fix('プレインズウォカー')).toBe('プレインズウォーカー');
  });
  it('Japanese: a katakana word the rules never write, every bigram of which they hold, is a slip of a katakana term', async () => {
    const fixer = fixerOf('ja');
    // A kana voiced or unvoiced (スダ, ダッ and ック are each somewhere in the rules; スダック nowhere), resized, or a
    // long-vowel mark more or less.
    expect(fixer.fix('スダックに積む')).toBe('スタックに積む');
    expect(fixer.fix('ブロッグされた')).toBe('ブロックされた');
    expect(fixer.fix('バーマネント')).toBe('パーマネント');
    expect(fixer.fix('クリーチャ')).toBe('クリーチャー');
    // A long vowel written as its kana: フレーバー is the rules' フレイバー.
    expect(fixer.fix('フレーバーテキスト')).toBe('フレイバーテキスト');
    // Players' words are no slips: ブリンク is not リンク, トリガー and バウンス stay; another kana is another word
    // (ドロースキップ, skipping the draw, is no ドローステップ); a question's 誰 is no slip (誰が was read as 名が).
    for (const q of ['ブリンクしたら', 'トリガーする', 'バウンスされた', '先攻ドロースキップ', '手札のカード誰がコントロール']) expect(fixer.fix(q)).toBe(q);
    expect(await top(ja, 'スダック', 1)).toEqual(['g-スタック']);
  });
  it('reads a word the IME made of a term’s reading as the term (content/search/homophones.ja.json)', async () => {
    // そっこう → 即効 for 速攻 (702.10 haste), じゅごん → 儒艮 for 呪禁 (702.11 hexproof), せっし → 摂氏 for 接死
    // (702.2 deathtouch), しゅんそく → 俊足 for 瞬速 (702.8 flash): every character differs, so no edit distance
    // reaches them (before this, 即効 became 即席, improvise, and 儒艮 found nothing).
    const three = async (q: string) => (await top(ja, q, 3)).join(' ');
    expect(await three('即効を持つクリーチャー')).toMatch(/^702\.10[a-z]? /);
    expect(await three('儒艮')).toBe('g-呪禁 702.11a 702.11');
    expect(await three('摂氏')).toBe('g-接死 702.2a 702.2');
    expect(await three('俊足')).toBe('g-瞬速 702.8a 702.8');
    // Only where the word holds a bigram the rules lack: a word the rules use is what its writer meant.
    const fixer = new CjkSpelling([], (g) => (g === '即効' ? 0 : 1), undefined, { 即効: '速攻', 対照: '対象' });
    expect(fixer.fix('即効を持つ')).toBe('速攻を持つ');
    expect(fixer.fix('対照を取る')).toBe('対照を取る');
  });
  it('reads a word the rules write only in passing as the term the IME made it of, unless the query writes it as they do', async () => {
    // The bundle's own table: 神話 (mythic) is written once an edition (`神話レア`), 対照 once (`これと対照的に`).
    const b = loadBundle('ja-2019-01-25');
    expect(b.homophonesWritten).toMatchObject({ 神話: ['は神話', '神話レ'], 対照: ['と対照', '対照的'] });
    const reword = (q: string) => rewordHomophones(q, b.homophones!, b.homophonesWritten!);
    expect(reword('神話(アーティファクト)って土地も数える')).toBe('親和(アーティファクト)って土地も数える');
    expect(reword('対照を取る呪文')).toBe('対象を取る呪文');
    expect(reword('神話レアの色')).toBe('神話レアの色');
    expect(reword('これと対照的に')).toBe('これと対照的に');
    // Through the search: affinity (the glossary entry, then 702.40a), and the rarity rule (206.2) for 神話レア.
    expect(await top(ja, '神話', 2)).toEqual(['g-親和', '702.40a']);
    expect((await top(ja, '神話レア', 1))[0]).toBe('206.2');
    // The glossary counts as written text: 召喚酔い's definition calls it a rule's 俗称 (popular name), once; 俗称で is
    // cascade's (続唱, the same reading), the glossary's own ルールの俗称 stays.
    expect(b.homophonesWritten).toMatchObject({ 俗称: ['の俗称', '俗称。'] });
    expect(ja.corrected('俗称でめくれたカード')).toBe('続唱でめくれたカード');
    expect(ja.corrected('ルールの俗称')).toBeNull();
  });
});

describe('concept table (players’ words → the CR’s)', () => {
  const concepts = SHARED.present ? new Concepts(readSynonyms('en')) : undefined;
  it('reads a concept anywhere in a query, longest form first, once', () => {
    expect(concepts!.rewrite('when do until end of turn effects wear off').text).toBe('when do until end of turn effects end');
    expect(concepts!.rewrite('opening hand size').text).toBe('starting hand size');
    expect(concepts!.rewrite('lose at the same time').text).toBe('lose simultaneously');
    // `use the stack` is how players ask what the CR says as `doesn't go on the stack` (605.3b) or `doesn't use the stack` (116.2a).
    expect(concepts!.rewrite('does a mana ability use the stack').text).toBe('does a mana ability stack');
    expect(concepts!.rewrite('sba and etb').text).toBe('state-based actions and enters the battlefield');
    // A form never matches inside a word.
    expect(concepts!.rewrite('seeing').used).toBe(false);
    // Japanese and Korean forms apply inside a query only where their entry says so.
    const ko = new Concepts(readSynonyms('ko'));
    expect(ko.rewrite('레전드 룰이 뭐야').text).toBe('전설 규칙이 뭐야');
    expect(ko.rewrite('덱에 같은 카드').used).toBe(false);
    // Players' words the Korean CR does not use: 사령관 (its 장군), 커맨드존 (커맨드 구역), 본체 (the player), 상태 기반 행동.
    expect(ko.rewrite('사령관을 커맨드존으로 보낼수 있어').text).toBe('장군을 커맨드 구역으로 보낼수 있어');
    // Longest form first: `본체 때리` (hitting the player) is one form, read before `본체` alone.
    expect(ko.rewrite('본체 때리면').text).toBe('플레이어를 공격 플레이어에게 피해면');
    expect(ko.rewrite('본체 공격').text).toBe('플레이어 공격');
    expect(ko.rewrite('대상 잡은 생물').text).toBe('목표 잡은 생물');
    expect(ko.rewrite('상태 기반 행동은 언제 체크해요').text).toBe('상태 참조 행동은 언제 체크해요');
  });
  it('finds the rule a question in players’ words asks for', async () => {
    // 514.2: "…all “until end of turn” and “this turn” effects end."
    expect((await top(en, 'when do until end of turn effects wear off')).slice(0, 3)).toContain('514.2');
    // 104.4a: "If all the players remaining in a game lose simultaneously, the game is a draw."
    expect((await top(en, 'what happens if both players would lose at the same time')).slice(0, 3)).toContain('104.4a');
    // 608.2b: a spell whose targets are all illegal doesn't resolve ("fizzles").
    expect(await top(en, 'when does a spell fizzle')).toContain('608.2b');
  });
  it('players’ words of the CR’s wording: tries to, チェック, 初期ライフ, 順番, 촉발, 커맨더 세금', async () => {
    expect(concepts!.rewrite('effect tries to do something impossible').text).toBe('effect attempts to do something impossible');
    // 609.3: "If an effect attempts to do something impossible, it does only as much as possible."
    expect((await top(en, 'effect tries to do something impossible'))[0]).toBe('609.3');
    const jac = new Concepts(readSynonyms('ja'));
    expect(jac.rewrite('状況起因処理はいつチェックされる').text).toBe('状況起因処理はいつ確認される');
    expect(jac.rewrite('統率者戦の初期ライフ').text).toBe('統率者戦のライフ総量');
    // 704.3 (2019 ja): 「…ゲームは状況起因処理の発生する条件のどれかが満たされていないかを確認し…」.
    expect(await top(ja, '状況起因処理はいつチェックされる？')).toContain('704.3');
    // 903.7 (2019 ja): 「…各プレイヤーは自分のライフ総量を40点にし…」.
    expect(await top(ja, '統率者戦の初期ライフは何点？')).toContain('903.7');
    // 603.3b (2019 ja): 「…自分の選んだ順序でスタックに積む」.
    expect(await top(ja, '同時に誘発した能力の順番は誰が決める？')).toContain('603.3b');
    // The 2019 Korean CR says 격발 for "trigger" (603.3b 「격발 능력들」), players also 촉발: the
    // Triggered Ability entry (격발 능력, citing 603) comes first.
    expect((await top(ko, '촉발 능력'))[0]).toBe('g-triggered-ability~격발-능력');
    // 903.8 (2019 ko): the additional {2} for each previous cast from the command zone.
    expect((await top(ko, '커맨더 세금은 얼마야?'))[0]).toBe('903.8');
  });
  it('changing zones and getting priority, in the CR’s words', async () => {
    expect(concepts!.rewrite('do counters stay when it changes zones').text).toBe('do counters stay when it moves from one zone to another');
    // 122.2 (2026): "Counters on an object are not retained if that object moves from one zone to another."
    // It ends "See rule 400.7" (an object that changes zones is a new object), which the query matched too
    // and which the citation lifts beside it (referral.ts).
    expect((await top(en, 'do counters stay on a creature when it changes zones')).slice(0, 2)).toEqual(['400.7', '122.2']);
    // 121.2 (2019 ko): 「…그 개체가 그 구역에서 다른 구역으로 이동할 때 유지되지 않습니다」. Second: the words as
    // typed (구역을 옮기면), which the concept table replaces, reach 400.7's asked-by line (「구역 옮기면 기억 없음?」:
    // a card that changes zones is a new object), and 400.7 comes first. Third since those words count in the rules'
    // text too (TYPED_BODY): 121.5, on moving counters (옮기기 in its line, 이동 in its text), is second.
    expect((await top(ko, '구역을 옮기면 카운터는 남아?')).slice(0, 3)).toEqual(['400.7', '121.5', '121.2']);
    expect(new Concepts(readSynonyms('ja')).rewrite('領域を移動したら').text).toBe('ある領域から他の領域に移動したら');
    // 117.3a (2026): "The active player receives priority at the beginning of most steps and phases…".
    expect(concepts!.rewrite('when does the active player get priority').text).toBe('when does the active player receives priority');
    expect((await top(en, 'when does the active player get priority')).slice(0, 3)).toContain('117.3a');
  });

  it('players’ words for losing together and for the stack, in Japanese and Korean', async () => {
    const jac = new Concepts(readSynonyms('ja'));
    const koc = new Concepts(readSynonyms('ko'));
    // 104.4a (ja 2019): 「ゲームに残っていたプレイヤー全員が同時に負けた場合、ゲームは引き分けとなる。」
    expect(jac.rewrite('両方のプレイヤーが同時に敗北したら').text).toBe('プレイヤー 全員が同時に負けしたら');
    expect((await top(ja, '両方のプレイヤーが同時に敗北したらどうなる？'))[0]).toBe('104.4a');
    // 605.3b (ja 2019): 「起動型マナ能力はスタックに積まれないので、…」.
    expect(jac.rewrite('マナ能力はスタックを使わない').text).toBe('マナ能力はスタックに積まれない');
    // 702.60b (split second: mana abilities can still be activated while it is on the stack) says スタック and 能力 too.
    expect((await top(ja, 'マナ能力はスタックを使わない')).slice(0, 2)).toContain('605.3b');
    // 104.4a (ko 2019): 「게임 내의 모든 플레이어가 동시에 패배한다면, 그 게임은 비깁니다.」
    expect(koc.rewrite('두 플레이어가 동시에 패배하면').text).toBe('모든 플레이어가 동시에 패배하면');
    expect((await top(ko, '두 플레이어가 동시에 패배하면 어떻게 돼?'))[0]).toBe('104.4a');
  });

  it('a keyword typed as the English name in katakana reads as the Japanese keyword (フライング → 飛行)', async () => {
    const jac = new Concepts(readSynonyms('ja'));
    expect(jac.rewrite('デスタッチを持つクリーチャー').text).toBe('接死を持つクリーチャー');
    // キーワード (keyword) holds no keyword's katakana name: left as typed.
    expect(jac.rewrite('キーワード能力').used).toBe(false);
    // 702.9 (ja 2019) is 「飛行/Flying」; its glossary entry and rules come first.
    expect((await top(ja, 'フライング')).slice(0, 3)).toEqual(['g-飛行', '702.9a', '702.9']);
    // 704.5h (lethal damage from a source with deathtouch), then 702.2's rules; 509.5f, which repeats
    // 「…を持つクリーチャー」, may stand among them.
    const deathtouch = await top(ja, 'デスタッチを持つクリーチャー');
    expect(deathtouch[0]).toBe('704.5h');
    expect(deathtouch.slice(0, 3).filter((n) => n.startsWith('702.2')).length).toBeGreaterThanOrEqual(1);
  });

  it('Korean: keywords typed as their English names in Hangul (라이프링크 → 생명연결, 메너스 → 호전적)', async () => {
    const koc = new Concepts(readSynonyms('ko'));
    expect(koc.rewrite('헥스프루프 생물').text).toBe('방호 생물');
    // 702.15 (ko 2019) is 「생명연결 Lifelink」, 702.110 「호전적 Menace」.
    expect((await top(ko, '라이프링크')).slice(0, 3)).toContain('702.15');
    expect((await top(ko, '메너스')).slice(0, 3)).toContain('702.110');
  });
});

describe('the words a concept replaced', () => {
  it('still count where a rule’s own text holds them (TYPED_BODY)', async () => {
    const bundle = loadBundle(`en-${EDITION.en}`);
    // 404.3 says "at the same time", which the concept table reads as "simultaneously" (101.4's word).
    expect(bundle.records.find((r) => r[0] === '404.3')![2]).toContain('at the same time');
    expect(new Concepts(readSynonyms('en')).rewrite('at the same time').text).toBe('simultaneously');
    const order = await top(en, 'two cards are put into my graveyard at the same time, who decides their order');
    // Fourth before (101.4, 712.21a and 613.7m above it); now second, after 101.4 (APNAP choices).
    expect(order.indexOf('404.3')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('404.3')).toBeLessThan(2);
  });
});

describe('cards the rules never name (synonyms with `card`)', () => {
  it('reads a card’s name as the concept its questions are about', async () => {
    // Necropotence skips its controller's draw step: 614.10, "an effect that causes a player to skip … is a replacement effect".
    expect((await top(en, 'necropotence do i get a draw step', 3))).toContain('614.10');
    // Thalia makes spells cost {1} more: 601.2f, where the total cost is determined (ko 2019 「주문의 총 비용을 결정」).
    expect((await top(ko, '탈리아 깔려있으면 회상으로 쓰는 주문도 1 더 내야됨?'))[0]).toBe('601.2f');
    expect((await top(ja, 'ネクロポーテンスでドロー飛ばす', 3)).some((n) => n.startsWith('614.10'))).toBe(true);
  });
  it('a card is no spelling target, and its name is no misspelling', () => {
    const jab = loadBundle(`ja-${EDITION.ja}`);
    const kob = loadBundle(`ko-${EDITION.ko}`);
    const fixer = (b: typeof jab) => fixerOf(b.lang as 'ja' | 'ko');
    expect(cardNamesOf(kob)).toEqual(expect.arrayContaining(['탈리아', '칼리아']));
    expect(cardNamesOf(jab)).toContain('バリスタ');
    // 탈리아 (Thalia) is one jamo from 칼리아 (Kaalia), another card: left as typed.
    expect(fixer(kob).fix('탈리아 깔려있으면')).toBe('탈리아 깔려있으면');
    // `タの` is no bigram of the rules, but it straddles a card's name and a particle.
    expect(fixer(jab).fix('バリスタのカウンター')).toBe('バリスタのカウンター');
    expect(fixer(jab).fix('摂死')).toBe('接死');
    // A players' phrase is no target either (`殴って`, hitting): `呪禁って` stays (it became `呪殴って`).
    expect(namesOf(jab)).not.toContain('殴って');
    expect(fixer(jab).fix('呪禁って全体除去からも守ってくれるの？')).toBe('呪禁って全体除去からも守ってくれるの？');
  });
  it('a katakana form is a whole katakana word', () => {
    const jac = new Concepts(readSynonyms('ja'));
    expect(jac.rewrite('いつスタックに積む').text).toBe('いつスタックに積む');
    expect(jac.rewrite('バリスタのカウンター').text).not.toContain('バリスタ');
    // A katakana word around a shorter form: ドロー inside ドローステップ is not the players' `draw` (引く).
    expect(jac.rewrite('ドロー').text).toBe('引く');
    expect(jac.rewrite('ドローステップ').text).toBe('ドローステップ');
  });
});

describe('a heading named before a class word', () => {
  it('reads `command zone`, `統率領域`, `전투 피해 단계` as the zone or step they name', async () => {
    // 408 Command / 統率 / 커맨드 and 510 전투피해단: the query adds `zone`, 領域, 구역, or says 단계 for the CR's 단.
    expect(await top(en, 'the command zone', 3)).toEqual(['g-command', '408.1', '408']);
    expect(await top(ja, '統率領域', 3)).toEqual(['g-統率', '408.1', '408']);
    expect(await top(ko, '커맨드 구역', 3)).toEqual(['g-command~커맨드', '408.1', '408']);
    expect(await top(ko, '전투 피해 단계', 3)).toEqual(['g-combat-damage-step~전투피해단', '510.1c', '510']);
    expect(classless('en', 'trample ability')).toBe('trample');
    expect(classless('ko', '전투 피해 단계')).toBe('전투피해단');
    // A heading of its own keeps its class word: Combat Damage Step is not Combat Damage.
    expect((await top(en, 'combat damage step', 1))[0]).toBe('g-combat-damage-step');
    expect(classless('en', 'draw')).toBeNull();
  });
});

describe('card names written in the rules’ examples', () => {
  it('a card name finds the rule whose example names it, above rules holding one of its words', async () => {
    const b = loadBundle(`en-${EDITION.en}`);
    for (const [card, rule] of [['Giant Growth', '707.4'], ['Doubling Season', '616.1g']] as const) {
      // Counted independently: the only rule whose text or examples hold the name.
      expect(b.records.filter((r) => `${r[2]} ${r[3]}`.includes(card)).map((r) => r[0])).toEqual([rule]);
      expect((await top(en, card))[0], card).toBe(rule);
    }
    // With the question's other words: 616.1g's example is Doubling Season's token doubling. It is third: the words
    // players ask 701.7b by name Doubling Season too (a replacement effect on a token being created), and 614.16's
    // line names token doublers.
    expect((await top(en, 'Doubling Season tokens')).slice(0, 3)).toContain('616.1g');
  });
});

describe('card names the rules never write', () => {
  it('a card typed by the name its players use reads as the rules its questions turn on', async () => {
    // Spreading Seas ("enchanted land is an Island") and Blood Moon (血染めの月: nonbasic lands are Mountains) set a
    // land's subtype: 305.7. Capsize (캡사이즈) is the buyback card: 702.26a (회수, Buyback, in the 2019 numbering).
    // None of these names is in its edition's rule text, so without the card table they matched stray words.
    expect((await top(en, 'Spreading Seas', 1))[0]).toBe('305.7');
    expect((await top(ja, '血染めの月', 1))[0]).toBe('305.7');
    expect((await top(ko, '캡사이즈', 1))[0]).toBe('702.26a');
    for (const [lang, name] of [['en', 'Spreading Seas'], ['ja', '血染めの月'], ['ko', '캡사이즈']] as const) {
      expect(loadBundle(`${lang}-${EDITION[lang]}`).records.some((r) => `${r[2]} ${r[3]}`.includes(name)), name).toBe(false);
    }
  });
});

describe('cross-script queries between the Japanese and Korean sites', () => {
  it('Korean on the Japanese site and Japanese on the Korean one find the same rule (702.19 trample, 704 SBA)', async () => {
    const jaHits = await ja.search('돌진', 5);
    expect(jaHits.map((h) => h.number)).toContain('702.19');
    // The row says it matched Korean, and its snippet is Korean text.
    const row = jaHits.find((h) => h.number === '702.19')!;
    expect(row.lang).toBe('ko');
    expect(row.textLang ?? row.lang).toBe('ko');
    expect((await ko.search('トランプル', 5)).map((h) => h.number)).toContain('702.19');
    expect((await ko.search('状況起因処理', 5)).map((h) => h.number)).toContain('704');
  });
});

describe('English terms on the Korean site', () => {
  it('a term the concept table spells out is still a term; an English entry Korean lacks stands for its rule', async () => {
    // `legend rule` is the glossary entry Legend Rule, and a concept (→ legendary permanents same name): the entry
    // first, then 704.5j, the rule it cites. Korean has no entry of it; the English head's entry gives 704.5j.
    expect(await top(en, 'legend rule', 2)).toEqual(['g-legend-rule', '704.5j']);
    const [row] = await ko.search('legend rule', 1);
    // The row is the Korean rule (matched in English), not the English entry under a Korean number.
    expect([row!.number, row!.lang, row!.textLang, row!.glossary]).toEqual(['704.5j', 'en', 'ko', undefined]);
    expect(row!.snippet).toMatch(/^한 플레이어가 이름이 같은 전설적 지속물을/);
  });
});

describe('snippets: centred on the match, no highlight inside another word', () => {
  it('does not mark a Hangul or katakana fragment that starts inside a word', () => {
    const text = '플레이어는 레이어 1의 효과를 적용합니다';
    const marks = wordStartMarks(text, findMarks(text, ['레이', '이어']));
    expect(marks.map(([a, b]) => text.slice(a, b))).toEqual(['레이어']);
    const ja = 'コントロールしているレジェンド・ルール';
    expect(wordStartMarks(ja, findMarks(ja, ['ルー', 'ール'])).map(([a, b]) => ja.slice(a, b))).toEqual(['ルール']);
    // A prefix being typed may end inside a word: プレイ in 防御プレイヤー stays marked.
    expect(wordStartMarks('防御プレイヤーは', findMarks('防御プレイヤーは', ['プレ', 'レイ']))).toEqual([[2, 5]]);
  });
  it('레이어 rows highlight the layers, not 플레이어', async () => {
    for (const h of await ko.search('레이어', 5)) {
      const marked = h.marks.map(([a, b]) => h.snippet.slice(a, b));
      expect(marked.length, h.number).toBeGreaterThan(0);
      expect(marked.every((m) => m.startsWith('레이')), `${h.number}: ${marked.join(',')}`).toBe(true);
      for (const [a] of h.marks) expect(h.snippet[a - 1] ?? ' ', h.snippet).not.toBe('플');
    }
  });
  it('centres the window on a match far into a long rule', () => {
    const body = `${'Filler words that say nothing at all. '.repeat(20)}The deathtouch rule is here. ${'More filler after it. '.repeat(20)}`;
    const { snippet, marks } = makeSnippet(body, '', ['deathtouch'], 80);
    const [a, b] = marks[0]!;
    expect(snippet.slice(a, b)).toBe('deathtouch');
    // The match's centre is in the middle of the window (30–70 %), not at its edge.
    const centre = (a + b) / 2 / snippet.length;
    expect(centre).toBeGreaterThan(0.3);
    expect(centre).toBeLessThan(0.7);
  });
});
