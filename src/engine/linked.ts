/**
 * "As [this permanent] enters, choose …" (614.1c, 614.12) and the abilities linked to that choice (607.2d), and
 * "as [this] enters, exile any number of [cards]" (Sutured Ghoul: never an object entering at the same time, 614.13a). The choice is
 * a replacement effect applied as the permanent enters, from the abilities it has as it enters (a copy it entered as,
 * a token copy), and is recorded on the object under the ability's link name; "the chosen color" / "the chosen player"
 * of another ability with the same link reads it (layers.ts: filters and protection; mana-instructions.ts: mana).
 * An object that gains or copies an ability referring to a choice that was never made for its own link — it became a
 * copy later, or copied an ability whose linked ability it entered without — finds it undefined: that part does
 * nothing (706.7a; 607.5a in 2026). A new object has no choices (400.7; zones.ts clears them on each zone change).
 */
import type { Game } from './game.ts';
import { code, color as colorArg, M, pl, type Msg } from './msg.ts';
import { matches, opponentOf } from './layers.ts';
import { replacementsFor } from './replacements.ts';
import { COLORS, IllegalAction, type Color, type Filter, type PlayerId } from './types.ts';

/**
 * "As [this] enters, exile any number of [cards]" (614.1c): chosen among the matching cards, never the permanent itself
 * or another object entering at the same time (614.13a); each exiled card is "exiled with" it (607.2a).
 */
function asEntersExile(g: Game, id: string, filter: Filter, link: string, exile: (card: string, text: Msg) => void): void {
  const o = g.s.objects[id]!;
  const v = g.view();
  const cands = Object.keys(g.s.objects).filter((x) => x !== id && !g.enteringTogether.includes(x) && matches(g.s, v, x, filter, { you: o.controller, self: id }));
  const pick = g.choice<string[]>(`exile:${id}:${link}`, [cands], `${o.controller} chooses any number of cards to exile as ${g.name(id)} enters`, o.controller);
  if (!Array.isArray(pick) || pick.some((x) => !cands.includes(x)) || new Set(pick).size !== pick.length) {
    const bad = Array.isArray(pick) ? pick.find((x) => !cands.includes(x)) : undefined;
    throw new IllegalAction(M`${bad !== undefined ? g.refAny(bad) : code(JSON.stringify(pick))} can't be chosen to exile as ${g.ref(id)} enters the battlefield`, '614.13a');
  }
  for (const x of pick) {
    exile(x, M`as ${g.ref(id)} enters the battlefield, ${g.ref(x)} is exiled`);
    g.s.objects[x]!.exiledWith = { obj: id, inc: o.inc, link };
  }
  g.touch();
}

/**
 * Paying life as a permanent enters (119.4 of 2026), unless "exile that many cards from the top of your library instead"
 * replaces it while the library has at least that many cards (614.1a); the card entering is no longer in the library,
 * so it is not among them (614.13c of 2026: the next cards are exiled).
 */
function payLife(g: Game, p: PlayerId, n: number, exile: (card: string, text: Msg) => void): void {
  const lib = g.zoneOf(p, 'library');
  const r = replacementsFor(g, (x) => x.def.kind === 'pay-life-exile-instead' && x.controller === p)[0];
  if (r && lib.length >= n) {
    g.record.replacements.push({ source: r.source ?? r.rid, chooser: p });
    g.cite('replacement', ['614.1a', ...(g.profile.edition === '2026-01-16' ? ['=614.13c'] : [])], M`${g.ref(r.source ?? '')} replaces the payment: ${pl(p)} exiles ${n} cards from the top of their library instead of paying ${n} life`);
    for (const x of lib.slice(0, n)) exile(x, M`${g.ref(x)} is exiled from the top of ${pl(p)}'s library`);
    return;
  }
  g.s.players[p].life -= n;
  g.touch();
  g.cite('cost', ['118.4'], M`${pl(p)} pays ${n} life`);
}

/** Makes the "as … enters, choose" choices of a permanent entering the battlefield, in the order of its abilities. */
export function asEntersChoices(g: Game, id: string, exile: (card: string, text: Msg) => void): void {
  const o = g.s.objects[id]!;
  for (const r of g.view()[id]?.replacements ?? []) {
    if (r.kind === 'as-enters-exile') asEntersExile(g, id, r.filter, r.link, exile);
    if (r.kind === 'as-enters-pay-life') {
      const pay = g.choice<boolean>(`pay-life:${id}`, [true, false], `${o.controller} chooses whether to pay ${r.n} life as ${g.name(id)} enters`, o.controller);
      if (pay === true) payLife(g, o.controller, r.n, exile);
      else {
        o.tapped = true;
        g.cite('replacement', ['614.1c'], M`${pl(o.controller)} doesn't pay the life: ${g.ref(id)} enters the battlefield tapped`);
      }
    }
    if (r.kind !== 'as-enters-choose') continue;
    const options: string[] = r.choose === 'color' ? [...COLORS] : r.choose === 'opponent' ? [opponentOf(o.controller)] : ['P1', 'P2'];
    // a choice with one option (the opponent of a two-player game) is made without asking
    const pick = options.length === 1 ? options[0]! : g.choice<string>(`choose:${id}:${r.link}`, options, `${o.controller} chooses ${r.choose === 'color' ? 'a color' : 'a player'} as ${g.name(id)} enters`, o.controller);
    if (!options.includes(pick)) throw new IllegalAction(M`${code(String(pick))} can't be chosen as ${g.ref(id)} enters the battlefield`, '614.12');
    o.chosen = { ...(o.chosen ?? {}), [r.link]: pick };
    g.touch();
    const what = r.choose === 'color' ? colorArg(pick as Color) : pl(pick as PlayerId);
    g.cite('choice', ['614.12', '607.2d'], M`as ${g.ref(id)} enters the battlefield, ${pl(o.controller)} chooses ${what}`);
  }
}
