import { CONTROL_CHARACTER_IN_LINE } from '@pharmalytics/domain';

export const CONTROL_CHARACTER_REASON =
  '制御文字（NUL など）が含まれています。レセコンの出力を確認してください';

const EVERY_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTER_IN_LINE.source, 'g');

/** Whether a line holds a control character that no value may contain (tab and LF may). */
export const hasControlCharacter = (line: string): boolean => CONTROL_CHARACTER_IN_LINE.test(line);

/** The text with every such control character shown as U+FFFD, fit to be stored and shown. */
export const printable = (text: string): string => text.replace(EVERY_CONTROL_CHARACTER, '\ufffd');
