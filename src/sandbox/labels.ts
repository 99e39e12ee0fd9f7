/**
 * The few words the sandbox loader needs before the widget is loaded (src/i18n/locales/*.loader.json,
 * kept apart from the widget's strings so the loader bundle stays tiny; strings.ts re-uses them).
 */
import en from '../i18n/locales/en.loader.json';
import ja from '../i18n/locales/ja.loader.json';
import ko from '../i18n/locales/ko.loader.json';

export { LANGS, type Lang } from '../i18n/locales.ts';
import type { Lang } from '../i18n/locales.ts';

type LoaderLabels = typeof en;
export const LOADER_LABELS: Record<Lang, LoaderLabels> = { en, ja, ko };

/** The page language from `<html lang>` ("ja-JP" → ja); anything else is English. */
export function pageLang(tag: string | null | undefined): Lang {
  const t = (tag ?? '').toLowerCase();
  return t.startsWith('ja') ? 'ja' : t.startsWith('ko') ? 'ko' : 'en';
}
