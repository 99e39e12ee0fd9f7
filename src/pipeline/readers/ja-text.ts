/** Placeholder until the ja-text reader lands: reads the document as plain numbered lines. */
import type { ReaderOutput } from '../blocks.ts';
import { readEnglishText } from './en-text.ts';

export function readJapaneseText(text: string, file: string): ReaderOutput {
  return { ...readEnglishText(text, file), lang: 'ja', format: 'ja-text' };
}
