/**
 * Messages of the engine (trace lines, reasons an action is illegal) as data a page can translate: the English
 * template is the key (`{0} casts {1}: it moves to the stack`, gettext style) and the interpolated values are typed
 * arguments, so a page localizes each by what it is instead of guessing from its English text: a game object (its id,
 * and the English name the engine gives it then), a player, a zone, a step, a color, a number, mana or other symbols
 * every language writes alike, an identifier or value given by the scenario (shown as written), a sandbox edit's
 * path, a list of arguments, or a phrase that is a message of its own ("creature spells", "Ogre's ability").
 * `M` builds a message from a template literal; `english` fills it in for the CLI and the tests (with the one
 * template filler of src/i18n). The page's side is src/sandbox/trace.ts.
 */
import { format } from '../i18n/translate.ts';
import type { Color, PlayerId, Step, Zone } from './vocabulary.ts';

export interface Msg {
  key: string;
  args: Arg[];
}

/** Separators of a list: ', ' is a list in running text (localized); the others are symbols every language keeps. */
export type ListSep = ', ' | '; ' | ' → ' | ' / ' | ' ';

export type Arg =
  | number
  | { obj: string; name: string }
  | { player: PlayerId }
  | { zone: Zone }
  | { step: Step }
  | { color: Color }
  /** mana symbols, costs, P/T changes: no words, written the same in every language */
  | { sym: string }
  /** an identifier or value the scenario gives (a target's id, an unknown reference): shown as written */
  | { code: string }
  /** the path of a sandbox edit (`players.P1.life`) */
  | { path: string }
  | { list: Arg[]; sep?: ListSep }
  | Msg;

/** A message from a template literal: M`${p} casts ${o}` → { key: '{0} casts {1}', args: [p, o] }. */
export function M(strings: TemplateStringsArray, ...values: Arg[]): Msg {
  let key = strings[0]!;
  values.forEach((_, i) => (key += `{${i}}${strings[i + 1]!}`));
  return { key, args: values };
}

export const obj = (id: string, name: string): Arg => ({ obj: id, name });
export const pl = (p: PlayerId): Arg => ({ player: p });
export const zone = (z: Zone): Arg => ({ zone: z });
export const step = (s: Step): Arg => ({ step: s });
export const color = (c: Color): Arg => ({ color: c });
export const sym = (s: string): Arg => ({ sym: s });
export const code = (s: string): Arg => ({ code: s });
export const list = (items: Arg[], sep: ListSep = ', '): Arg => (sep === ', ' ? { list: items } : { list: items, sep });

const isMsg = (a: Arg): a is Msg => typeof a === 'object' && 'key' in a;

/** Fills a message's template from its arguments, each rendered by `arg`. */
function fillMsg(template: string, args: readonly Arg[], arg: (a: Arg) => string): string {
  return format(template, Object.fromEntries(args.map((a, i) => [String(i), arg(a)])));
}

/** An argument in English, as the engine writes it. */
export function englishArg(a: Arg): string {
  if (typeof a === 'number') return String(a);
  if (isMsg(a)) return english(a);
  if ('obj' in a) return a.name;
  if ('player' in a) return a.player;
  if ('zone' in a) return a.zone;
  if ('step' in a) return a.step;
  if ('color' in a) return a.color;
  if ('list' in a) return a.list.map(englishArg).join(a.sep ?? ', ');
  if ('sym' in a) return a.sym;
  if ('code' in a) return a.code;
  return a.path;
}

export const english = (msg: Msg): string => fillMsg(msg.key, msg.args, englishArg);

/** Words the engine puts into messages, each a message of its own so the catalogs translate it. */
const WORDS: Record<string, Msg> = {
  artifact: M`artifact`, creature: M`creature`, enchantment: M`enchantment`, instant: M`instant`, land: M`land`,
  planeswalker: M`planeswalker`, sorcery: M`sorcery`, age: M`age`, fade: M`fade`, slime: M`slime`, charge: M`charge`, colorless: M`colorless`,
};
const COLORS: readonly string[] = ['white', 'blue', 'black', 'red', 'green'];

/**
 * A card type, color or counter kind as an argument: a color, a word the catalogs translate, or (a kind the engine
 * has no word for, like `+1/+1`) the text as written: as symbols when it has no letters, else as the scenario's code.
 */
export function word(w: string): Arg {
  if (COLORS.includes(w)) return { color: w as Color };
  return WORDS[w] ?? (/[A-Za-z]/.test(w) ? code(w) : sym(w));
}
