/** What every panel renderer of the widget needs besides the state: the scenario, the language and link helpers. */
import type { Scenario } from '../../engine/scenario.ts';
import type { Lang } from '../labels.ts';
import type { T } from '../model.ts';

export interface RenderContext {
  s: Scenario;
  lang: Lang;
  t: T;
  /** Edition whose rules run. */
  edition: string;
  /** A link to a rule of an edition (default: the running one). */
  chip(rule: string, edition?: string): HTMLElement;
  /** A group of rule links, or null for none. */
  chips(rules: string[], edition?: string): HTMLElement | null;
}
