import { test as setup, type Browser } from '@playwright/test';
import {
  concentrationRiseHistory,
  genericShareDropHistory,
  r8Histories,
  type HistoryMonth,
} from '@pharmalytics/datagen';
import { todayInJapan } from '@pharmalytics/domain';
import { createFacilityCorporation, saveFacilityCorporations } from './facility-corporation.ts';

/** One corporation, made on a browser of its own (each signs in as its own administrator). */
async function made(
  browser: Browser,
  options: { prefix: string; storeName: string; history: readonly HistoryMonth[] },
) {
  const context = await browser.newContext({ baseURL: setup.info().project.use.baseURL });
  try {
    return await createFacilityCorporation(await context.newPage(), browser, options);
  } finally {
    await context.close();
  }
}

/**
 * The 施設基準 specs' corporations, made before any spec runs: putting one on a paid plan takes
 * the shared system administrator into it for a moment, which would disturb specs running at
 * the same time.
 */
setup('corporations of the 施設基準 specs', async ({ browser }) => {
  setup.slow();
  const today = todayInJapan();
  saveFacilityCorporations({
    alerts: await made(browser, {
      prefix: 'alerts',
      storeName: '通知テスト薬局',
      history: genericShareDropHistory(today),
    }),
    judgement: await made(browser, {
      prefix: 'judgement',
      storeName: '判定テスト薬局',
      history: concentrationRiseHistory(today),
    }),
    settings: await made(browser, {
      prefix: 'facility',
      storeName: '施設基準テスト薬局',
      history: genericShareDropHistory(today),
    }),
    gate: await made(browser, {
      prefix: 'gate',
      storeName: '後発ゲート薬局',
      history: r8Histories(today).gate,
    }),
  });
});
