/**
 * The few words the sandbox loader needs before the widget is loaded (kept apart from strings.ts so the
 * loader bundle stays tiny; strings.ts re-uses them).
 */
export type Lang = 'en' | 'ja' | 'ko';
export const LANGS: readonly Lang[] = ['en', 'ja', 'ko'];

export const LOADER_LABELS: Record<Lang, { open: string; close: string; loading: string; failed: string }> = {
  en: { open: 'Open sandbox', close: 'Close sandbox', loading: 'Loading the sandbox…', failed: 'The sandbox could not be loaded.' },
  ja: { open: 'サンドボックスを開く', close: 'サンドボックスを閉じる', loading: 'サンドボックスを読み込み中…', failed: 'サンドボックスを読み込めませんでした。' },
  ko: { open: '샌드박스 열기', close: '샌드박스 닫기', loading: '샌드박스를 불러오는 중…', failed: '샌드박스를 불러오지 못했습니다.' },
};

/** The page language from `<html lang>` ("ja-JP" → ja); anything else is English. */
export function pageLang(tag: string | null | undefined): Lang {
  const t = (tag ?? '').toLowerCase();
  return t.startsWith('ja') ? 'ja' : t.startsWith('ko') ? 'ko' : 'en';
}
