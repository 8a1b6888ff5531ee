import { TIME_ZONE } from './periods.ts';

const japanDate = new Intl.DateTimeFormat('sv-SE', { timeZone: TIME_ZONE });

/** The calendar date in Japan (yyyy-MM-dd), which is what every date of the product means. */
export function todayInJapan(now: Date = new Date()): string {
  return japanDate.format(now);
}
