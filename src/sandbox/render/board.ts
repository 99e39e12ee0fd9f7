/** The board panel (players, permanents, the stack, changed fields marked) and the "what changed" panel. */
import type { StateView, StepResult } from '../../engine/scenario.ts';
import { h } from '../dom.ts';
import { diffLines, formatValue, keywordName, listSep, nameOf, playerName, stackLabel, stepName } from '../model.ts';
import type { RenderContext } from './context.ts';
import { counterName } from '../words.ts';

export function renderBoard(v: StateView, changed: Set<string>, c: RenderContext): HTMLElement[] {
  const { s, lang, t } = c;
  const has = (prefix: string) => [...changed].some((p) => p === prefix || p.startsWith(`${prefix}.`));
  const field = (label: string, value: string, key: string) =>
    h('div', { class: `cr-sbx-field${has(key) ? ' is-changed' : ''}` }, h('dt', {}, label), h('dd', {}, value));
  const ctx = { s, lang };
  const turn = h('p', { class: `cr-sbx-turn${has('turn.step') ? ' is-changed' : ''}` },
    t('turn', { n: v.turn.number, player: playerName(v.turn.active, t), step: stepName(v.turn.step, t) }));
  const players = (['P1', 'P2'] as const).map((p) => {
    const ps = v.players[p];
    const k = `players.${p}`;
    return h('div', { class: 'cr-sbx-player', 'data-sbx-player': p },
      h('h5', {}, playerName(p, t), v.turn.active === p ? ` (${t('active')})` : ''),
      h('dl', {},
        field(t('life'), String(ps.life), `${k}.life`),
        ps.poison || has(`${k}.poison`) ? field(t('poison'), String(ps.poison), `${k}.poison`) : null,
        ps.pool || has(`${k}.pool`) ? field(t('pool'), ps.pool || t('none'), `${k}.pool`) : null,
        ps.hand || has(`${k}.hand`) ? field(t('hand'), String(ps.hand), `${k}.hand`) : null,
        ps.library || has(`${k}.library`) ? field(t('library'), String(ps.library), `${k}.library`) : null,
        field(t('graveyard'), formatValue(ps.graveyard, t, ctx), `${k}.graveyard`),
        ps.exile.length || has(`${k}.exile`) ? field(t('exile'), formatValue(ps.exile, t, ctx), `${k}.exile`) : null,
        ps.lost ? field(t('gameOver'), t('lost'), `${k}.lost`) : null,
        ps.won ? field(t('gameOver'), t('won'), `${k}.won`) : null));
  });
  const objs = Object.entries(v.objects).filter(([, x]) => x.zone === 'battlefield' || x.zone === 'stack');
  const cards = objs.map(([oid, x]) => {
    const k = `objects.${oid}`;
    const bits: HTMLElement[] = [];
    const tag = (text: string, key: string, cls = '') => h('span', { class: `cr-sbx-tag${cls}${has(key) ? ' is-changed' : ''}` }, text);
    if (x.power !== undefined) bits.push(tag(`${x.power}/${x.toughness}`, `${k}.power`, ' cr-sbx-pt'));
    if (has(`${k}.toughness`) && x.power !== undefined) bits[bits.length - 1]!.classList.add('is-changed');
    if (x.tapped) bits.push(tag(t('tapped'), `${k}.tapped`));
    if (x.damage) bits.push(tag(`${t('damage')} ${x.damage}`, `${k}.damage`));
    for (const [name, n] of Object.entries(x.counters)) if (n) bits.push(tag(`${counterName(name, t)} ×${n}`, `${k}.counters`));
    if (x.keywords.length) bits.push(tag(x.keywords.map((kw) => keywordName(kw, t)).join(listSep(lang)), `${k}.keywords`));
    if (x.colors.length && has(`${k}.colors`)) bits.push(tag(formatValue(x.colors, t, { ...ctx, field: 'colors' }), `${k}.colors`));
    if (x.attachedTo) bits.push(tag(`${t('attachedTo')} ${nameOf(s, x.attachedTo, lang, v)}`, `${k}.attachedTo`));
    const atk = v.combat?.attackers[oid];
    if (atk) bits.push(tag(atk.blockedBy.length ? `${t('attacking')}; ${t('blockedBy')} ${atk.blockedBy.map((b) => nameOf(s, b, lang, v)).join(', ')}` : t('attacking'), `combat.attackers.${oid}`));
    if (x.token) bits.push(tag(t('token'), `${k}.token`));
    return h('li', { class: `cr-sbx-card${x.tapped ? ' is-tapped' : ''}${has(k) ? ' is-changed' : ''}`, 'data-sbx-obj': oid },
      h('span', { class: 'cr-sbx-name' }, nameOf(s, oid, lang, v)),
      ' ', h('span', { class: 'cr-sbx-owner' }, `(${playerName(x.controller, t)}${x.zone === 'stack' ? `, ${t('stack')}` : ''})`),
      ' ', bits);
  });
  return ([
    turn,
    h('div', { class: 'cr-sbx-players' }, players),
    h('h5', {}, t('battlefield')),
    cards.length ? h('ul', { class: 'cr-sbx-cards' }, cards) : h('p', { class: 'cr-sbx-muted' }, t('emptyZone')),
    v.stack.length ? h('p', {}, h('strong', {}, `${t('stack')}: `), v.stack.map((x) => stackLabel(x, s, lang, t, v)).join(' ← ')) : null,
  ] as (HTMLElement | null)[]).filter((x): x is HTMLElement => !!x);
}

export function renderChanges(diff: StepResult['diff'] | null, c: RenderContext): HTMLElement {
  const { s, lang, t } = c;
  if (!diff) return h('p', { class: 'cr-sbx-muted' }, t('atStart'));
  const lines = diffLines(diff, s, lang, t);
  return lines.length
    ? h('ul', { class: 'cr-sbx-diff' }, lines.map((l) => h('li', {}, h('span', { class: 'cr-sbx-subj' }, l.subject), l.field ? ` ${l.field}` : '', ': ',
        h('del', {}, l.before), ' → ', h('ins', {}, l.after))))
    : h('p', { class: 'cr-sbx-muted' }, t('noChanges'));
}
