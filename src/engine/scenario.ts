/**
 * Scenarios: build a game from a scenario, run its steps, check its expectations. Pure: no I/O.
 *
 *   runScenario(scenario, { edition, overrides }) → { steps: [{ description, rules, diff, state }], final, expectations }
 *   listTweakables(scenario) → the knobs with their default values
 * A step's actions run with their handlers (actions.ts); its expectations are checked by scenario-expect.ts.
 */
import * as sba from './sba.ts';
import { awaitingAssignment, runAction } from './actions.ts';
import { checkExpect, translateExpect } from './scenario-expect.ts';
import { english, M, obj } from './msg.ts';
import { Game } from './game.ts';
import { layerOneCard } from './copy.ts';
import { derive } from './layers.ts';
import { pathProblem } from './state-edit.ts';
import { formatUnits, parsePool } from './mana.ts';
import { translateBetween } from './rules.ts';
import {
  ChoiceNeeded, IllegalAction, PLAYERS,
  type Action, type Edition, type GameState, type LayerSummary,
} from './types.ts';

// the scenario format's and a run's types live in scenario-types.ts (scenario-expect.ts reads them too)
export type { Attach, Expectation, ExpectationResult, Knob, RunOptions, RunResult, Scenario, ScenarioStep, StateView, StepResult } from './scenario-types.ts';
import type { ExpectationResult, Knob, RunOptions, RunResult, Scenario, StateView, StepResult } from './scenario-types.ts';

const clone = <T>(x: T): T => structuredClone(x);

// ------------------------------------------------------------------ knobs
export function listTweakables(s: Scenario): (Knob & { value: unknown })[] {
  return (s.knobs ?? []).map((k) => ({ ...k, value: getPath(s, k.path) }));
}

export function getPath(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const p of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, p)) return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

function setPath(root: unknown, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = root as Record<string, unknown>;
  for (const p of parts.slice(0, -1)) {
    if (cur[p] === undefined || cur[p] === null) cur[p] = /^\d+$/.test(p) ? [] : {};
    cur = cur[p] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]!] = value;
}

export function applyOverrides(s: Scenario, overrides: Record<string, unknown>): Scenario {
  const out = clone(s);
  const allowed = new Set((s.knobs ?? []).map((k) => k.path));
  for (const [path, value] of Object.entries(overrides)) {
    const problem = pathProblem(path);
    if (problem) throw new Error(problem);
    if (!allowed.has(path)) throw new Error(`"${path}" is not a tweakable parameter of scenario ${s.id}`);
    setPath(out, path, value);
  }
  return out;
}

// ------------------------------------------------------------------ setup
export function buildState(s: Scenario, edition: Edition): GameState {
  const players = {} as GameState['players'];
  for (const p of PLAYERS) {
    const ps = s.setup.players[p] ?? {};
    players[p] = { life: ps.life ?? 20, poison: ps.poison ?? 0, pool: parsePool(ps.pool ?? ''), maxHandSize: ps.maxHandSize ?? 7, landsPlayed: 0 };
  }
  const number = s.setup.turn.number ?? 2;
  const state: GameState = {
    ruleset: edition, clock: 0,
    turn: { number, active: s.setup.turn.active, step: s.setup.turn.step, priority: s.setup.turn.active, passes: 0 },
    players, objects: {}, effects: [], replacements: [], shields: [], delayed: [], pendingTriggers: [], stack: [],
    combat: null, lki: {}, result: null, seq: 0,
  };
  for (const [id, d] of Object.entries(s.setup.objects ?? {})) {
    state.clock++;
    state.objects[id] = {
      id, inc: 0, owner: d.owner, controller: d.controller ?? d.owner, zone: d.zone, token: !!d.token, card: clone(d.card),
      tapped: !!d.tapped, damage: d.damage ?? 0, counters: Object.fromEntries(Object.entries(d.counters ?? {}).filter(([, n]) => n > 0)),
      timestamp: state.clock, controlledSince: d.summoningSick ? number : 0, pos: state.clock,
      ...(d.attachedTo ? { attachedTo: d.attachedTo } : {}),
      ...(d.phasedOut ? { phasedOut: true } : {}),
    };
    if (d.card.name === undefined) {
      const en = s.names?.[id]?.['en'];
      if (en) state.objects[id]!.card.name = en;
    }
  }
  for (const p of PLAYERS) {
    const ps = s.setup.players[p] ?? {};
    const addCards = (n: number, zone: 'library' | 'hand', prefix: string) => {
      for (let i = 0; i < n; i++) {
        state.clock++;
        const id = `${p}-${prefix}${i + 1}`;
        state.objects[id] = { id, inc: 0, owner: p, controller: p, zone, token: false, card: { name: `${p} ${prefix} card ${i + 1}`, types: ['sorcery'] }, tapped: false, damage: 0, counters: {}, timestamp: state.clock, controlledSince: 0, pos: state.clock };
      }
    };
    if (typeof ps.library === 'number') addCards(ps.library, 'library', 'library');
    if (typeof ps.hand === 'number') addCards(ps.hand, 'hand', 'hand');
  }
  if (s.setup.turn.step === 'beginning-of-combat' || s.setup.turn.step === 'declare-attackers') state.combat = { attackers: {}, blockers: {}, dealtFirstStrike: [], firstStrikeStep: false };
  return state;
}

// ------------------------------------------------------------------ views and diffs
export function viewState(state: GameState): StateView {
  const v = derive(state);
  const players = {} as StateView['players'];
  for (const p of PLAYERS) {
    const ps = state.players[p];
    const inZone = (z: string) => Object.values(state.objects).filter((o) => o.owner === p && o.zone === z).sort((a, b) => a.pos - b.pos).map((o) => o.id);
    players[p] = { life: ps.life, poison: ps.poison, pool: formatUnits(ps.pool), hand: inZone('hand').length, library: inZone('library').length, graveyard: inZone('graveyard'), exile: inZone('exile') };
    if (ps.lost) players[p].lost = ps.lost;
    if (ps.won) players[p].won = true;
  }
  const objects: StateView['objects'] = {};
  for (const o of Object.values(state.objects)) {
    const c = v[o.id]!;
    objects[o.id] = {
      name: c.name, zone: o.zone, controller: c.controller, tapped: o.tapped, damage: o.damage, counters: { ...o.counters },
      types: c.types, subtypes: c.subtypes, colors: c.colors, keywords: c.keywords,
      ...(c.power !== undefined ? { power: c.power, toughness: c.toughness! } : {}),
      ...(o.attachedTo ? { attachedTo: o.attachedTo } : {}),
      ...(o.token ? { token: true } : {}),
    };
  }
  const combat = state.combat
    ? { attackers: Object.fromEntries(Object.entries(state.combat.attackers).map(([k, a]) => [k, { blockedBy: a.blockers, blocked: a.blocked, ...(a.order ? { order: a.order } : {}) }])) }
    : null;
  return {
    turn: { number: state.turn.number, active: state.turn.active, step: state.turn.step, priority: state.turn.priority },
    players, objects, stack: state.stack.map((s) => s.label), combat, result: state.result,
  };
}

function flatten(v: unknown, prefix: string, out: Map<string, unknown>): void {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) flatten(x, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, v);
}

export function diffViews(a: StateView, b: StateView): StepResult['diff'] {
  const fa = new Map<string, unknown>();
  const fb = new Map<string, unknown>();
  flatten(a, '', fa);
  flatten(b, '', fb);
  const out: StepResult['diff'] = [];
  for (const k of new Set([...fa.keys(), ...fb.keys()])) {
    const x = fa.get(k);
    const y = fb.get(k);
    if (JSON.stringify(x) !== JSON.stringify(y)) out.push({ path: k, before: x, after: y });
  }
  return out;
}

// ------------------------------------------------------------------ running
function describe(actions: Action[], s: Scenario): string {
  const n = (id: unknown) => (typeof id === 'string' ? (s.names?.[id]?.['en'] ?? id) : '');
  return actions
    .map((a) => {
      switch (a.op) {
        case 'cast': return `${a['by'] as string} casts ${n(a['card'])}`;
        case 'activate': return `${a['by'] as string} activates ${n(a['obj'])}'s ability`;
        case 'advance': return `advance to the ${a['to'] as string} step`;
        case 'pass-all': return 'all players pass priority';
        case 'pass': return `${(a['by'] as string | undefined) ?? 'the player with priority'} passes`;
        case 'declare-attackers': return `${a['by'] as string} declares attackers`;
        case 'declare-blockers': return `${a['by'] as string} declares blockers`;
        case 'query': return `query: ${a['what'] as string}`;
        case 'check-sba': return 'check state-based actions';
        default: return a.op.replace(/-/g, ' ');
      }
    })
    .join('; ');
}

/** A 'layer' entry for every object whose power/toughness changed in this step: the rows of 613 that produced it. */
function layerSummary(g: Game, before: StateView, state: GameState): void {
  const v = derive(state);
  for (const [id, c] of Object.entries(v)) {
    const old = before.objects[id];
    const o = state.objects[id]!;
    if (o.zone !== 'battlefield' || c.power === undefined) continue;
    if (old && old.zone === 'battlefield' && old.power === c.power && old.toughness === c.toughness) continue;
    const rows = c.layerLog.filter((r) => r.layer.startsWith('7'));
    // the values layer 1 starts from: the card's, or the copiable values of what it copies (706.2)
    const base = layerOneCard(state, o).card.pt;
    const printed = base ? `${base[0]}/${base[1]}` : '—';
    const was = old?.power !== undefined && old.zone === 'battlefield';
    // the English line lists the layer rows; the translatable message says the result (rows are in the layer table)
    const msg = was ? M`${obj(id, c.name)} is ${c.power}/${c.toughness ?? 0} (was ${old.power!}/${old.toughness ?? 0})` : M`${obj(id, c.name)} is ${c.power}/${c.toughness ?? 0}`;
    g.trace.push({
      kind: 'layer',
      rules: [...new Set(rows.map((r) => r.rule))],
      text: `${english(msg)}: printed ${printed}${rows.map((r) => `, ${r.layer} ${r.text}`).join('')}`,
      msg,
      // the same rows as data, for a reader's language (src/sandbox/layer-rows.ts)
      data: { printed: base ? [base[0], base[1]] : null, rows } satisfies LayerSummary,
    });
  }
}

export function runScenario(scn0: Scenario, opts: RunOptions = {}): RunResult {
  const edition = (opts.edition ?? scn0.ruleset) as Edition;
  const modified = !!opts.overrides && Object.keys(opts.overrides).length > 0;
  const scn = modified ? applyOverrides(scn0, opts.overrides!) : scn0;
  const cmp = edition !== scn.ruleset ? scn.compare?.find((c) => c.ruleset === edition) : undefined;
  const errors: string[] = [];
  let state = buildState(scn, edition);
  opts.onState?.(clone(state), -1);
  const steps: StepResult[] = [];
  const expectations: ExpectationResult[] = [];
  let prevView = viewState(state);
  scn.steps.forEach((step, index) => {
    const actions = Array.isArray(step.do) ? step.do : [step.do];
    if (cmp?.skipSteps?.includes(index)) {
      steps.push({ index, description: `(skipped under ${edition}) ${describe(actions, scn)}`, rules: [], entries: [], diff: [], state: prevView, skipped: true });
      return;
    }
    const g = new Game(clone(state), step.choices ?? {});
    const res: StepResult = { index, description: step.note?.['en'] ?? describe(actions, scn), rules: [], entries: [], diff: [], state: prevView };
    try {
      for (const a of actions) runAction(g, a);
      if (step.pauseBefore !== 'sba' && !awaitingAssignment(g)) sba.settle(g);
      state = g.s;
    } catch (e) {
      if (e instanceof IllegalAction) {
        const tr = (rule: string) => translateBetween(rule.replace(/^=/, ''), '2019-01-25', rule.startsWith('=') ? '2019-01-25' : edition);
        res.illegal = { rule: tr(e.rule), text: e.message, msg: e.msg, ...(e.reasons.length > 1 ? { reasons: e.reasons.map((r) => ({ rule: tr(r.rule), text: r.text, msg: r.msg })) } : {}) };
        g.cite('illegal', [e.rule], e.msg);
        g.cite('illegal', ['721.1'], M`the action is illegal: the game returns to the moment before it`);
      } else if (e instanceof ChoiceNeeded) {
        res.error = `step ${index}: a choice is needed: ${e.message}`;
      } else {
        res.error = `step ${index}: ${(e as Error).message}`;
      }
    }
    if (!res.illegal) layerSummary(g, prevView, state);
    res.entries = g.trace;
    res.record = g.record;
    res.rules = [...new Set(g.trace.flatMap((t) => t.rules))];
    if (g.queryResult !== undefined) res.result = g.queryResult;
    const now = viewState(state);
    res.diff = diffViews(prevView, now);
    res.state = now;
    prevView = now;
    if (res.error) errors.push(res.error);
    const exp = cmp?.expectAt?.[String(index)] ?? translateExpect(step.expect, scn.ruleset, edition, !!cmp?.expectAt?.[String(index)]);
    if (exp && !modified) expectations.push(...checkExpect(exp, index, state, res, g, scn));
    else if (exp && modified) expectations.push(...checkExpect(exp, index, state, res, g, scn).map((x) => ({ ...x, passed: x.passed })));
    if (!exp && res.illegal) expectations.push({ step: index, path: 'illegal', expected: false, actual: res.illegal, passed: false });
    steps.push(res);
    opts.onState?.(clone(state), index);
  });
  const final = viewState(state);
  const passed = !errors.length && expectations.every((e) => e.passed);
  return { id: scn.id, edition, modified, steps, final, expectations, passed, errors };
}
