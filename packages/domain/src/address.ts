const DIGITS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** 1 → 一, 10 → 十, 23 → 二十三 (enough for 丁目 and 条 numbers, which stay below 100). */
export function toKanjiNumber(n: number): string {
  if (n <= 0 || n >= 100 || !Number.isInteger(n)) return String(n);
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return (tens === 0 ? '' : (tens === 1 ? '' : DIGITS[tens]) + '十') + DIGITS[ones];
}

/**
 * Writes an address the way the town table does: full-width forms folded (NFKC), spaces
 * dropped, ヶ as ケ, and 丁目 numbers in kanji ('天神2丁目' → '天神二丁目').
 */
export function normalizeAddress(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\s\u3000]+/g, '')
    .replace(/[ヶｹ]/g, 'ケ')
    .replace(/(\d+)丁目/g, (_, n: string) => `${toKanjiNumber(Number(n))}丁目`);
}

/**
 * An address cut to town level (大字・町丁目): everything from the first house number on is
 * dropped ('福岡市中央区天神2丁目8-38 ビル5F' → '福岡市中央区天神二丁目').
 */
export function townLevelAddress(address: string): string {
  const normalized = normalizeAddress(address);
  const firstNumber = normalized.search(/[0-9]/);
  return firstNumber === -1 ? normalized : normalized.slice(0, firstNumber);
}
