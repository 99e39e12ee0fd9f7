/**
 * Creating tokens (111 of 2026; 110.5 of 2019): a token defined by its effect (named after its subtypes when the
 * effect gives no name, 110.5c / 111.4) or a copy of an object (its copiable values, name included, 706.2; none when
 * the object doesn't exist, 111.12 of 2026); the number created goes through "creates twice that many" replacements
 * (Doubling Season, 614.1a) before the tokens enter, and each token then enters with its own enters replacements, such
 * as an "as … enters, choose" (616.1g of 2026: the creation is replaced first, then each entering).
 */
import * as replacements from './replacements.ts';
import * as triggers from './triggers.ts';
import * as zones from './zones.ts';
import type { Game } from './game.ts';
import { M, obj } from './msg.ts';
import { refObj, type Ctx } from './layers.ts';
import { LIMITS } from './limits.ts';
import type { CardDef, PlayerId } from './types.ts';

const clone = <T>(x: T): T => structuredClone(x);

/**
 * The name of a token whose creating effect gives none: its subtypes (110.5c), in 2026 followed by the word "Token"
 * (111.4: a Dwarf Berserker creature token is named "Dwarf Berserker Token"). With no subtypes either, "Token".
 */
function tokenName(g: Game, subtypes: string[]): string {
  return [...subtypes, ...(g.profile.tokenNameSuffix || !subtypes.length ? ['Token'] : [])].join(' ');
}

/** How many tokens an effect creates for `controller`: n, doubled by each "twice that many" replacement (614.1a). */
function replacedCount(g: Game, n: number, controller: PlayerId): number {
  let out = n;
  for (const r of replacements.replacementsFor(g, (x) => x.def.kind === 'double-tokens' && x.controller === controller)) {
    if (out <= 0) break;
    out *= 2;
    g.record.replacements.push({ source: r.source ?? r.rid, chooser: controller });
    g.cite('replacement', ['614.1a'], M`${g.ref(r.source ?? '')} replaces the event: twice that many tokens are created (${out})`);
  }
  return out;
}

export interface TokenOpts {
  n: number;
  id?: string | undefined;
  controller: PlayerId;
  /** The attacker a created token blocks (509.7). */
  blocking?: string | undefined;
  ctx: Ctx;
}

/** Creates n tokens with this card (after "twice that many" replacements); each enters the battlefield and triggers. */
/**
 * "$creator" in a token's definition is the object whose ability creates it (201.5a of 2026: an ability granted to the
 * token that names that object refers to that one object only, not another with the same name); fixed now.
 */
function withCreator(card: CardDef, creator: string | undefined): CardDef {
  if (!creator) return card;
  return JSON.parse(JSON.stringify(card), (_k, v: unknown) => (v === '$creator' ? creator : v)) as CardDef;
}

export function createTokens(g: Game, card0: CardDef, o: TokenOpts): void {
  const card = withCreator(card0, o.ctx.self);
  const name = card.name ?? tokenName(g, card.subtypes ?? []);
  const def = { ...card, name };
  const n = replacedCount(g, o.n, o.controller);
  // bounded (schema.ts LIMITS): a number of tokens computed from the game can still be too many
  if (n > LIMITS.tokens) throw new Error(`create-token: ${n} tokens at once; at most ${LIMITS.tokens}`);
  if (Object.keys(g.s.objects).length + n > LIMITS.gameObjects) throw new Error(`create-token: the game would hold more than ${LIMITS.gameObjects} objects`);
  for (let i = 0; i < n; i++) {
    const id = o.id ? `${o.id}${n > 1 ? i + 1 : ''}` : `token${g.tick()}`;
    if (g.s.objects[id]) throw new Error(`create-token: the id "${id}" already names an object (${g.name(id)}); a token is a new object and needs a new id`);
    g.s.objects[id] = {
      id, inc: 0, owner: o.controller, controller: o.controller, zone: 'library', token: true, card: clone(def), tapped: false, damage: 0, counters: {},
      timestamp: g.tick(), controlledSince: g.s.turn.number, pos: g.s.clock,
    };
    const ev = zones.rawMove(g, id, 'battlefield', { controller: o.controller });
    // a name that already says Token (111.4 in 2026) isn't followed by "token" again
    g.cite('event', ['110.5b'], /\bToken$/.test(name) ? M`${obj(id, name)} is created` : M`a ${obj(id, name)} token is created`);
    if (o.blocking && g.s.combat) {
      const att = refObj(g.s, o.blocking, o.ctx);
      if (att && g.s.combat.attackers[att]) {
        g.s.combat.attackers[att]!.blockers.push(id);
        g.s.combat.blockers[id] = [att];
        g.cite('event', ['509.7'], M`${obj(id, name)} is put onto the battlefield blocking ${g.ref(att)}`);
      }
    }
    triggers.detect(g, ev);
  }
}
