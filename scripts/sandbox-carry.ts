/**
 * Scenarios follow their example to a newer English edition: a scenario reproduces an example's text, so
 * where an edition no scenario names yet (one `cr update` added) prints the same example text (equal
 * after `normaliseExample`: case, quotes, punctuation), the scenario attaches there too, under the rules
 * it runs for the edition it came from. Only identical text carries over (a rewritten example may mean
 * other rules); an example whose text changed, or that appears twice, is reported as not carried.
 * Used by the sandbox data of the build (scripts/build/sandbox-data.ts) and by `cr update`, which says what
 * carries over before the build. The scenario files are not changed. Pure, except `carryToEdition`.
 */
import type { Scenario } from '../src/engine/index.ts';
import { examplesOf, normaliseExample, type ExampleText } from '../src/engine/example-match.ts';
import { runEditionFor } from '../src/sandbox/model.ts';
import { readDocument } from '../src/pipeline/generated.ts';
import type { RuleDocument } from '../src/model/types.ts';

interface CarriedExample {
  id: string;
  from: { rule: string; ordinal: number };
  to: { rule: string; ordinal: number };
  /** The rules edition it runs under on the new edition's pages (that of the edition it came from). */
  ruleset: string;
}

export interface Carry {
  from: string;
  to: string;
  carried: CarriedExample[];
  /** Attached in `from`, not found with the same text (once) in `to`. */
  lost: { id: string; rule: string; ordinal: number; why: string }[];
}

const key = (text: string) => normaliseExample(text).join(' ');

/** The edition scenarios would carry over from to `to`: the newest edition before it that some scenario attaches to. */
export function carrySource(scenarios: Scenario[], to: string): string | null {
  return [...new Set(scenarios.flatMap((s) => s.attach.map((a) => a.edition as string)))].filter((e) => e < to).sort().at(-1) ?? null;
}

/** Every scenario attached to an example of `from`, followed by its text to `toExamples`. */
export function carryOver(scenarios: Scenario[], from: string, to: string, fromExamples: ExampleText[], toExamples: ExampleText[]): Carry {
  const before = new Map(fromExamples.map((x) => [`${x.rule}#${x.ordinal}`, x.text]));
  const byText = new Map<string, ExampleText[]>();
  for (const x of toExamples) byText.set(key(x.text), [...(byText.get(key(x.text)) ?? []), x]);
  const out: Carry = { from, to, carried: [], lost: [] };
  const claimed = new Set<string>();
  for (const s of scenarios) {
    for (const a of s.attach) {
      if (a.edition !== from) continue;
      const text = before.get(`${a.rule}#${a.example}`);
      const there = text === undefined ? [] : (byText.get(key(text)) ?? []);
      const lose = (why: string) => out.lost.push({ id: s.id, rule: a.rule, ordinal: a.example, why });
      if (text === undefined) lose(`no example ${a.example} of ${a.rule} in ${from}`);
      else if (there.length === 0) lose('its text changed');
      else if (there.length > 1) lose(`the same text is printed ${there.length} times`);
      else if (claimed.has(`${there[0]!.rule}#${there[0]!.ordinal}`)) lose('another scenario has that example');
      else {
        claimed.add(`${there[0]!.rule}#${there[0]!.ordinal}`);
        out.carried.push({ id: s.id, from: { rule: a.rule, ordinal: a.example }, to: { rule: there[0]!.rule, ordinal: there[0]!.ordinal }, ruleset: runEditionFor(s, from) });
      }
    }
  }
  return out;
}

/** carryOver from the generated documents of `from` (and of `to`, unless given). */
export function carryToEdition(scenarios: Scenario[], from: string, to: string | RuleDocument): Carry {
  const toDoc = typeof to === 'string' ? readDocument('en', to) : to;
  return carryOver(scenarios, from, toDoc.edition ?? String(to), examplesOf(readDocument('en', from)), examplesOf(toDoc));
}

/** One line for people: how many carried over, and the first few that did not. */
export function describeCarry(c: Carry): string {
  const total = c.carried.length + c.lost.length;
  const lost = c.lost.slice(0, 5).map((l) => `${l.id} (${l.rule} example ${l.ordinal}: ${l.why})`).join('; ');
  return `sandbox: ${c.carried.length} of the ${total} scenarios on ${c.from} examples carry over to ${c.to} (same example text)${c.lost.length ? `; ${c.lost.length} do not: ${lost}${c.lost.length > 5 ? '; …' : ''}` : ''}`;
}
