/** The header's go-to box: a rule number in any accepted spelling moves to it (here or on its page). */
import { ruleFromQuery } from '../lookup.ts';
import { base, goToElement } from './page.ts';

/** Goes to the rule `query` names; false when it names none. */
export function goTo(query: string, where: string = base(), doc: Document = document): boolean {
  const rule = ruleFromQuery(query);
  if (!rule) return false;
  const here = doc.getElementById(rule);
  if (here?.dataset['rule'] && where === base(doc)) goToElement(here, doc);
  else (doc.defaultView ?? window).location.href = `${where}${rule}/`;
  return true;
}

export function initGoto(doc: Document = document): void {
  const form = doc.querySelector<HTMLFormElement>('form[data-cr-goto]');
  const input = doc.querySelector<HTMLInputElement>('[data-cr-goto-input]');
  if (!form || !input) return;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (goTo(input.value, base(doc), doc)) {
      input.setCustomValidity('');
      input.blur();
    } else {
      input.setCustomValidity(input.placeholder);
      input.reportValidity();
    }
  });
  input.addEventListener('input', () => input.setCustomValidity(''));
}
