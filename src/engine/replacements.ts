/**
 * The replacement and prevention effects in force (614, 615): static abilities of permanents on the battlefield and
 * the effects that resolved, in timestamp order, and the choice of which applies first when several do (616.1). Read by
 * every event that can be replaced (zones.ts, events.ts, damage.ts, sba.ts); depends on nothing but the Game's state.
 */
import type { Game } from './game.ts';
import { code, M } from './msg.ts';
import { IllegalAction, type ActiveReplacement, type PlayerId } from './types.ts';

export function pickReplacement(g: Game, cands: ActiveReplacement[], chooser: PlayerId, what: string): ActiveReplacement {
  const want = g.choice<string>('replacement', cands.map((c) => c.source ?? c.rid), `${chooser} chooses which replacement applies first (${what})`, chooser);
  const r = cands.find((c) => c.source === want || c.rid === want);
  if (!r) throw new IllegalAction(M`"${code(want)}" is not an applicable replacement effect`, '616.1');
  g.record.replacements.push({ source: r.source ?? r.rid, chooser });
  return r;
}

/** Every replacement/prevention effect in force: static abilities on the battlefield and resolved effects. */
export function replacementsFor(g: Game, pred: (r: ActiveReplacement) => boolean): ActiveReplacement[] {
  const v = g.view();
  const out: ActiveReplacement[] = [];
  for (const id of g.battlefield()) {
    v[id]!.replacements.forEach((def, i) => {
      out.push({ rid: `${id}:r${i}`, def, controller: v[id]!.controller, timestamp: g.s.objects[id]!.timestamp, until: 'indefinite', source: id });
    });
  }
  out.push(...g.s.replacements);
  return out.filter(pred).sort((a, b) => a.timestamp - b.timestamp);
}
