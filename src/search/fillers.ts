/**
 * IMPORTED IN BOTH SERVER- AND CLIENT-SIDE CODE (CLI, tests, bench, browser worker).
 *
 * Question and filler words set aside before a query is matched, per script. A player asks "what
 * happens if both players would lose at the same time", 「インスタントはいつ唱えられる？」 or
 * "마나 능력에 대응할 수 있나요": the words that carry the question (`what happens if`, `いつ…られる`,
 * `수 있나요`) occur in few rules, so their IDF was high and they outranked the content words
 * (805.6 first for the English question above; issue 22). Only the words that make the question
 * are listed — never a word the rules use as a term (`not`, `all`, `first`, `time`, `때`, `時`).
 * When a query is nothing but such words it is left as it is.
 */

/** English words that only make the question (lowercase, after `latinWord`: `don't` → `dont`). */
const EN = new Set(
  (
    'what whats happens happen happened if can could i me my mine you your yours we our us they their them he she his her it its ' +
    'do does did doing is are was were be been being am the a an to of in on at by about when whenever how who whom which why where ' +
    'would will should shall may might must there this that these those get gets got still allowed possible ok okay anything ' +
    'something so just also really work works much many any rule rules mtg magic please way ever even then than' +
    ' im ive id youre has have had having while'
  ).split(' '),
);

/**
 * Japanese question endings and fillers, longest first. Each is taken out of a Japanese run (and a
 * run is split where it stood): `インスタントはいつ唱えられる？` → `インスタントは 唱え`.
 */
const JA = [
  'どうなりますか', 'でしょうか', 'できますか', 'いいですか', 'どうなるの', 'どうなる', 'どうする', 'どうやって', 'ますか', 'ですか',
  'てもいい', 'てもよい', 'ても良い', 'できる', 'られる', 'いくら', 'いくつ', 'なんですか', 'なに', 'なん', '何', '誰が', '誰', 'だれ',
  'どこへ', 'どこに', 'どこ', 'どれ', 'どの', 'どう', 'いつ(?!でも)', 'たら(?=$|[、。？！?!]| )', 'れば(?=$| )', 'のは(?=$|[?？])', 'の[?？]', 'か[?？]', 'か(?=$)', 'って(?=$)', '[?？]',
];
const JA_RE = new RegExp(JA.join('|'), 'gu');

/** Korean words that only make the question, and question endings stripped from a word's end. */
const KO = new Set(
  (
    '어떻게 어떡해 어떤 돼 되나요 됩니까 되나 되니 돼요 수 있나요 있어 있어요 있습니까 있니 있는지 없나요 없어 할 하나요 해 해요 합니까 ' +
    '언제 누가 누구 누구야 뭐 뭐야 뭔가요 무엇 무엇인가요 몇 얼마 얼마야 얼마인가요 인가요 야 건 거 게 그 내 제 나 저 좀 혹시 정해 정하나요 ' +
    '무슨 뜻 뜻이야 의미 가나요 가 되는 하는 있는 되면 하면 걸 건가요 거야 거예요 어디로 어디 봐도 되나 되나요 있으면 있다면 ' +
    '뭐임 누구임 어케 어케됨 어떻게됨 내맘대로 맘대로 마음대로'
  ).split(' '),
);
const KO_ENDING = /(?:나요|까요|가요|어요|아요|해요|세요|습니까|니까|는지|을까|인가|지요|죠|야|니)$/u;

/**
 * The query with its question and filler words taken out (a normalised query in, one out), or the
 * query unchanged when nothing else would remain.
 * @example contentQuery('what happens if both players would lose at the same time') // 'both players lose same time'
 * @example contentQuery('インスタントはいつ唱えられる？') // 'インスタントは 唱え'
 * @example contentQuery('마나 능력에 대응할 수 있나요') // '마나 능력에 대응할'
 */
export function contentQuery(norm: string): string {
  const words = norm.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (const w of words) {
    if (/^[\p{Script=Latin}'’]+[?!.,]*$/u.test(w)) {
      const bare = w.replace(/[?!.,]+$/u, '').replace(/['’]/g, '');
      if (EN.has(bare)) continue;
      out.push(w);
    } else if (/\p{Script=Hangul}/u.test(w)) {
      // Quotes around a word the card says (`'당신'은`) go: the particle after them stays part of the word.
      const bare = w.replace(/[?？!！.,]+$/u, '').replace(/['"]/g, '');
      if (KO.has(bare)) continue;
      const cut = bare.replace(KO_ENDING, '');
      out.push(cut.length >= 2 ? cut : bare);
    } else if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(w)) {
      // Twice: `敗北したらどうなる` ends in `たら` only once `どうなる` is gone.
      const parts = w.replace(JA_RE, ' ').replace(JA_RE, ' ').split(/\s+/).filter((p) => /[\p{L}\p{N}]/u.test(p));
      out.push(...parts);
    } else {
      out.push(w);
    }
  }
  const q = out.join(' ').trim();
  return /[\p{L}\p{N}]/u.test(q) ? q : norm;
}
