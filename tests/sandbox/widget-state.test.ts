/** The widget's state as a pure reducer, driven without a DOM. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/engine/index.ts';
import { atEnd, initialState, isPending, reduce, shownState } from '../../src/sandbox/widget-state.ts';
import { ROOT } from '../helpers.ts';

const ogre = JSON.parse(readFileSync(join(ROOT, 'content/scenarios/613.4-ex2-gray-ogre.json'), 'utf8')) as Scenario;

describe('widget state', () => {
  const s0 = initialState(ogre, '2026-01-16');

  it('starts before step 1 with the CR example run under the page edition', () => {
    expect(s0.cursor).toBe(-1);
    expect(s0.run.edition).toBe('2026-01-16');
    expect(s0.run.modified).toBe(false);
    expect(s0.run.passed).toBe(true);
    expect(shownState(s0).objects['ogre']).toMatchObject({ power: 2, toughness: 2 });
    expect(isPending(s0)).toBe(false);
  });

  it('steps forward and stops at the last step; goto clamps', () => {
    let s = reduce(s0, { type: 'step' }, ogre);
    expect(s.cursor).toBe(0);
    expect(shownState(s)).toBe(s.run.steps[0]!.state);
    for (let i = 0; i < 20; i++) s = reduce(s, { type: 'step' }, ogre);
    expect(s.cursor).toBe(ogre.steps.length - 1);
    expect(atEnd(s)).toBe(true);
    expect(reduce(s, { type: 'goto', index: -5 }, ogre).cursor).toBe(-1);
    expect(s0.cursor).toBe(-1); // the reducer never mutates
  });

  it('a changed knob is pending until run; the run is modified; reset returns to the example', () => {
    const knob = s0.tweakables.findIndex((k) => k.path === 'setup.objects.ogre.card.pt');
    const s1 = reduce(s0, { type: 'set-knob', knob, value: [5, 2] }, ogre);
    expect(isPending(s1)).toBe(true);
    expect(s1.run).toBe(s0.run);
    const s2 = reduce(s1, { type: 'run' }, ogre);
    expect(isPending(s2)).toBe(false);
    expect(s2.run.modified).toBe(true);
    expect(atEnd(s2)).toBe(true);
    expect(s2.run.final.objects['ogre']!.power).toBe(s0.run.final.objects['ogre']!.power! + 3);
    const s3 = reduce(s2, { type: 'reset' }, ogre);
    expect(s3.run.modified).toBe(false);
    expect(s3.values).toEqual(s0.values);
    expect(s3.cursor).toBe(-1);
  });

  it('ignores a knob that does not exist and toggles the comparison', () => {
    expect(reduce(s0, { type: 'set-knob', knob: 99, value: 1 }, ogre)).toBe(s0);
    const c = reduce(s0, { type: 'toggle-compare' }, ogre);
    expect(c.compareOpen).toBe(true);
    expect(reduce(c, { type: 'toggle-compare' }, ogre).compareOpen).toBe(false);
  });
});
