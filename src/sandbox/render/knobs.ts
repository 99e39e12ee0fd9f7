/**
 * The "tweak values" panel: one labelled control per part of a tweakable value (P/T sliders, counters, colors, a
 * mana pool). Input goes to `onChange` as a whole knob value; `sync` puts the state's values back into the inputs.
 */
import { h } from '../dom.ts';
import { controlsFor, partOf, validPool, withPart, type Control } from '../model.ts';
import type { WidgetState } from '../widget-state.ts';
import type { RenderContext } from './context.ts';

export interface KnobsPanel {
  element: HTMLElement;
  sync(st: WidgetState): void;
}

export function renderKnobs(st: WidgetState, c: RenderContext, idPrefix: string, pending: HTMLElement, current: () => WidgetState, onChange: (knob: number, value: unknown) => void): KnobsPanel {
  const { lang, t } = c;
  const inputs: { c: Control; input: HTMLInputElement | HTMLSelectElement; out?: HTMLOutputElement }[] = [];
  const fs = h('fieldset', { class: 'cr-sbx-knobs' }, h('legend', {}, t('tweak')));
  const controls = controlsFor(st.tweakables, lang, t);
  // nothing to change: no panel at all, never an empty "change a value" box (issue 23)
  if (!controls.length) fs.hidden = true;
  for (const ctl of controls) {
    const cid = `${idPrefix}-k${inputs.length}`;
    let input: HTMLInputElement | HTMLSelectElement;
    let out: HTMLOutputElement | undefined;
    if (ctl.kind === 'select') {
      input = h('select', { id: cid, 'data-sbx-knob': ctl.knob }, (ctl.options ?? []).map((op) => h('option', { value: op.value }, op.label)));
      input.value = String(ctl.value);
    } else if (ctl.kind === 'text') {
      input = h('input', { id: cid, type: 'text', value: String(ctl.value), spellcheck: 'false', autocomplete: 'off', 'data-sbx-knob': ctl.knob, inputmode: 'text' });
    } else {
      input = h('input', { id: cid, type: 'range', min: ctl.min, max: ctl.max, step: 1, value: ctl.value, 'data-sbx-knob': ctl.knob, 'data-sbx-part': ctl.part === null ? undefined : String(ctl.part) });
      out = h('output', { for: cid, class: 'cr-sbx-out' }, String(ctl.value));
    }
    inputs.push({ c: ctl, input, ...(out ? { out } : {}) });
    const onInput = () => {
      if (ctl.kind === 'text') {
        const ok = validPool(input.value);
        input.setAttribute('aria-invalid', ok ? 'false' : 'true');
        if (!ok) return;
      }
      if (out) out.textContent = input.value;
      input.setAttribute('aria-valuetext', input.value);
      onChange(ctl.knob, withPart(current().values[ctl.knob], ctl, ctl.kind === 'range' ? Number(input.value) : input.value.trim()));
    };
    input.addEventListener('input', onInput);
    input.addEventListener('change', onInput);
    fs.append(h('div', { class: 'cr-sbx-knob' }, h('label', { for: cid }, ctl.label), input, out));
  }
  if (controls.length) fs.append(pending);
  return {
    element: fs,
    sync(next: WidgetState) {
      for (const { c: ctl, input, out } of inputs) {
        const v = String(partOf(next.values[ctl.knob], ctl));
        input.value = v;
        input.removeAttribute('aria-invalid');
        if (out) out.textContent = v;
      }
    },
  };
}
