/**
 * How many CR examples the sandbox runs, counted against independent lists:
 *   - the simulatable (class a) examples of 2019-01-25 are the survey's own list, parsed from the table of
 *     ../shared/design/engine-sandbox.md §1.2 (109 by the survey's §0 and §1.1), not copied from our output;
 *   - the distinct 2026-01-16 examples are counted from the scenarios' attachments, each of which
 *     tests/engine/editions.test.ts checks is the same example found by its text (or a 2026-only example).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { loadScenario, scenarioFiles } from '../../scripts/scenario.ts';
import { examplesOf, matchExamples } from '../../src/engine/example-match.ts';
import { EN, parseFile, SHARED_RULES } from '../helpers.ts';
import { SHARED, needs } from '../inputs.ts';

const { describe, it } = needs(SHARED);

const SURVEY = resolve(SHARED_RULES, '../design/engine-sandbox.md');

/**
 * The class-a examples of the survey: every `rule#n` in the last column of the §1.2 table, except the row of
 * secondary-only tags (counters), whose examples are listed under their primary mechanism too.
 */
export function surveyClassA(markdown: string): { key: string; extension: boolean; mechanism: string }[] {
  const section = markdown.split('### 1.2')[1]?.split('### 1.3')[0] ?? '';
  const out: { key: string; extension: boolean; mechanism: string }[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('|') || line.includes('secondary only')) continue;
    const cells = line.split('|').map((c) => c.trim());
    const list = cells[cells.length - 2] ?? '';
    for (const m of list.matchAll(/(\d{3}(?:\.\d+[a-z]?)?)#(\d+)(\*?)/g)) out.push({ key: `${m[1]}#${m[2]}`, extension: m[3] === '*', mechanism: cells[1] ?? '' });
  }
  return out;
}

const scenarios = scenarioFiles().map((f) => {
  const l = loadScenario(f);
  if (!l.scenario) throw new Error(l.errors.join('\n'));
  return l.scenario;
});
const attached = (edition: string) => new Set(scenarios.flatMap((s) => s.attach.filter((a) => a.edition === edition).map((a) => `${a.rule}#${a.example}`)));

describe('coverage of the simulatable CR examples', () => {
  const survey = SHARED.present ? surveyClassA(readFileSync(SURVEY, 'utf8')) : [];
  const keys = new Set(survey.map((e) => e.key));
  const on19 = attached('2019-01-25');
  const on26 = attached('2026-01-16');

  it('reads the survey list: 109 class-a examples, 28 of them needing an extension module (its §0)', () => {
    expect(survey.length).toBe(109);
    expect(keys.size).toBe(109);
    expect(survey.filter((e) => e.extension).length).toBe(28);
  });

  it('runs every simulatable example of 2019-01-25 (109 of 109)', () => {
    const missing = survey.filter((e) => !on19.has(e.key)).map((e) => e.key);
    expect(missing).toEqual([]);
    // the last three, each with the extension the survey's §1.1 names for it (issue 12)
    for (const k of ['208.3a#1', '702.50b#1', '605.4a#1']) expect(on19.has(k), k).toBe(true); // crew, convoke, triggered mana abilities
  });

  it('runs at least 100 distinct examples on 2026-01-16 pages', () => {
    const doc19 = parseFile(EN('2019-01-25'));
    const doc26 = parseFile(EN('2026-01-16'));
    const matches = matchExamples(examplesOf(doc19), examplesOf(doc26));
    // every survey example found in 2026 by its text is attached there (7 are not found: the damage assignment
    // order examples 509.2#1, 509.7#1, 510.1c#1-4 and 510.2#1, gone in 2026 — the survey's §1.4)
    const found = survey.filter((e) => matches.has(e.key));
    expect(survey.length - found.length).toBe(7);
    for (const e of found) {
      const m = matches.get(e.key)!;
      expect(on26.has(`${m.to.rule}#${m.to.ordinal}`), `${e.key} → ${m.to.rule}#${m.to.ordinal}`).toBe(true);
    }
    // the target of issue 12: 100; the 102 survey examples found in 2026 (109 − the 7 above) are all attached there
    expect(found.length).toBe(102);
    expect(on26.size).toBeGreaterThanOrEqual(102);
    // where they come from: survey examples, other 2019 examples with scenarios (701.19c#1, Guile), 2026-only scenarios
    const beyondSurvey = [...on19].filter((k) => !keys.has(k) && matches.has(k)).length;
    const only2026 = scenarios.filter((s) => s.attach.every((a) => a.edition !== '2019-01-25')).length;
    expect(on26.size).toBe(found.length + beyondSurvey + only2026);
    // by name: two 2019 examples beyond the survey's class a (701.19c#1, Guile; 106.7#1, Exotic Orchard, with the new
    // add-mana couldProduce, issue 23) and ten 2026-only examples: 510.1c#1
    // of 2026 (Elvish Regrower) and, from issue 23, 111.4#1 (Dwarven Reinforcements: "Dwarf Berserker Token"), 111.4#2
    // (Minsc's Boo), 113.2a#1 ("can't block" is an ability), 205.3c#1 (Dryad Arbor), 605.2#1 (a mana ability that
    // produces nothing), 614.12#2 (Yixlid Jailer and Scarwood Treefolk), and with new constructs 707.10#2 (copy-spell:
    // a copy of Fling), 601.3a#1 (the casting prohibition cant-cast: Void Winnower) and 603.12#1 (the reflexive trigger
    // reflexive, after "you may sacrifice" with a choice: Heart-Piercer Manticore) and 702.164b#1 (the keywords
    // toxic-N: total toxic value 2 + 1), 606.5#1 (loyalty abilities and the rules mod loyalty-cost: Carth the Lion):
    // and, from issue 23's second part, 704.7#1 (the replacement would-lose-game: Lich's Mirror), 702.19c#1 (attacking
    // a planeswalker; the keyword trample-over-planeswalkers), 707.10#3 (mana spent to cast a spell, x ifSpent: a copy of
    // Dawnglow Infusion gains no life), and with splice 201.5b#2 (Kodama's Reach deals the spliced damage), 702.47a#1
    // (the card stays in the hand and is cast later), 702.47c#1 (the blue spell targets a creature with protection from
    // red), and 400.6#1 (would-lose-game whose source leaves in the same state-based actions: Exquisite Archangel):
    // 701.24g#1 (the replacement shuffle-into-library-instead beside die-to-library, sacrificed at once: Darksteel
    // Colossus shuffled in, Gravebane Zombie on top), 701.24d#1 (shuffle-into-library's player: Loaming Shaman with no
    // card targeted still shuffles):
    // and, from issue 23's third part (helper h-eng-b), with the "as … enters, choose" replacement as-enters-choose and
    // its linked readers (607.2d), create-token-copy, double-tokens and others-enter-as-copy: 614.12#1 (a token copy of
    // Voice of All chooses its own color), 616.1g#1 (Doubling Season, then each token's choice), 607.5a#1 (Unstable
    // Shapeshifter copying Voice of All has no chosen color), 607.5a#2 (a Doppelganger's copied Quirion Elves mana
    // ability produces nothing), 607.4#1 (Paradise Plume's three linked abilities), 208.2a#1 (Lost Order of Jarkeld:
    // the chosen opponent, 1 + count; 1/1 off the battlefield), 111.4#3 (Spitting Image's token is named Doomed
    // Dissenter), 616.1f#2 (Essence of the Wild: Rusted Sentinel enters as an untapped copy), and with exile's until
    // source-leaves and link, and create-token-copy ofExiledWith: 610.3d#1 (two Banisher Priests destroyed together
    // return both cards together), 111.12#1 (Mimic Vat with no card exiled creates no token), and with the intervening
    // "if" differentNames: 201.2b#1 (Liliana's Contract: a Demon with no name doesn't count), and with the cumulative
    // upkeep cost draw and the replacement may-skip-draw: 118.11#1 (Psychic Vortex paid with skipped draws), and with
    // the rules mod cant-enter: 608.3e#1 (Clone as a copy of Dryad Arbor under Worms of the Earth goes to the
    // graveyard), and with the effect's grantStatic: 613.7a#1 (Rune of Flight on Colossus Hammer: the granted flying
    // keeps its place after "loses flying"), and with the batched trigger combat-damage-to-player: 111.11#1 (Disa the
    // Restless: two creatures' combat damage, one Tarmogoyf token), and with the effect's gainActivatedOf: 201.5b#1
    // (Quicksilver Elemental's gained "Regenerate Skithiryx" regenerates Quicksilver Elemental), and with the number
    // countersOn and a token's $creator: 201.5a#1 (each Gutter Grime's Ooze, and a copy of it, counts its own Grime's
    // slime counters), and with the number attackedWithThisTurn and a spell's own cost-reduction: 608.2i#1 (Search Party
    // Captain costs {1} less though Bear Cub is no longer a creature), and with for-each, exile-top and the number
    // manaValueOf: 608.2f#2 (Soulfire Eruption, one target after another), and with the replacement as-enters-exile and
    // the number exiledWith: 614.13a#1 (Sutured Ghoul can't exile Runeclaw Bear entering with it), and with the
    // replacements as-enters-pay-life and pay-life-exile-instead: 614.13c#1 (Ashiok and Breeding Pool: the next two
    // cards are exiled), and with the trigger reveals-first-draw: 603.11#1 (a static ability linked to a triggered
    // one: only the first card drawn is revealed), and with put-exiled and the filter blockingOrBlockedBy: 607.5#1
    // (Quicksilver Elemental returns only the card its gained Sisters of Stone Death exile ability exiled), and with the
    // activated cost sacrifice and "except it has this ability" for activated abilities: 201.5b#3 (The Ever-Changing
    // 'Dane becomes Runeclaw Bear, then Gray Ogre): 102 + 2 + 45; and from issue 23's third part (rules 300-399, 500-599, 700-799):
    // 305.5#1 (a basic Mountain taps for {R} by its intrinsic ability, 305.6), 302.3#1 (a Goblin Wizard is both),
    // 707.9a#1 (a Clone of Unstable Shapeshifter has the ability the Shapeshifter gave itself), 707.11#1 (the
    // Shapeshifter's copied Olivia ability still puts the counter on it), 707.9d#2 (changeling: Glasspool Mimic),
    // 707.9f#1 (copy exceptions ifCreature: Moritte of the Frost copies an animated land), 702.103d#1 and #2 (bestow:
    // Aether Storm doesn't stop it; Garruk's Horde doesn't allow it), 702.1b#1 (the instruction echo with a cost
    // {X} worked out as it resolves, Num life, the trigger condition sinceYourLastUpkeep: Volcano Hellion),
    // 701.24c#2 (flashback: Black Sun's Zenith exiled, the library shuffled anyway), 700.14#1 (the trigger expend:
    // Bark-Knuckle Boxer), 702.44c#1 (the replacement sunburst, Num counters with last known information:
    // Modular—Sunburst), 702.184c#1 (station, the rules mod station-by-toughness, the filter
    // toughnessGreaterThanPower: Tapestry Warden), 702.65b#1 and #2 (the instruction aura-swap, the card field
    // enchant: Arcanum Wings), 701.67b#1 (the spell's waterbend and the cast action's waterbend: Spirit Water
    // Revival), 707.10#1 (modal spells: the spell's modes and the cast action's mode; copy-spell setColors:
    // Fork), 700.5a#1 (Num devotion, the rules mod devotion-plus, the effect fields removeTypes and ifLess:
    // Purphoros), 500.10#1 (the instruction additional-upkeeps: Obeka, Splitter of Seconds), 702.1c#1 (the
    // instruction share-keywords: Concerted Effort), 701.23b#1 and 701.23c#1 (the instruction exile-same-name:
    // Splinter, Lobotomy with an empty hand): + 22 (helper h-eng-a)
    expect([beyondSurvey, only2026]).toEqual([2, 45 + 22]);
    expect(scenarios.filter((s) => s.attach.every((a) => a.edition !== '2019-01-25')).flatMap((s) => s.attach.map((a) => `${a.rule}#${a.example}`)).sort())
      .toEqual(['111.11#1', '111.12#1', '111.4#1', '111.4#2', '111.4#3', '113.2a#1', '118.11#1', '201.2b#1', '201.5a#1', '201.5b#1', '201.5b#2', '201.5b#3', '205.3c#1', '208.2a#1', '302.3#1', '305.5#1', '400.6#1', '500.10#1', '510.1c#1', '601.3a#1', '603.11#1', '603.12#1', '605.2#1', '606.5#1', '607.4#1', '607.5#1', '607.5a#1', '607.5a#2', '608.2f#2', '608.2i#1', '608.3e#1', '610.3d#1', '613.7a#1', '614.12#1', '614.12#2', '614.13a#1', '614.13c#1', '616.1f#2', '616.1g#1', '700.14#1', '700.5a#1', '701.23b#1', '701.23c#1', '701.24c#2', '701.24d#1', '701.24g#1', '701.67b#1', '702.103d#1', '702.103d#2', '702.164b#1', '702.184c#1', '702.19c#1', '702.1b#1', '702.1c#1', '702.44c#1', '702.47a#1', '702.47c#1', '702.65b#1', '702.65b#2', '704.7#1', '707.10#1', '707.10#2', '707.10#3', '707.11#1', '707.9a#1', '707.9d#2', '707.9f#1']);
    expect(on26.size).toBe(149 + 22);
  });
});
