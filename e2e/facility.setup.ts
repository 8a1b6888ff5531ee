import { test as setup, type Browser } from '@playwright/test';
import {
  concentrationRiseHistory,
  genericShareDropHistory,
  prescriberFallHistory,
  r8Histories,
} from '@pharmalytics/datagen';
import { todayInJapan } from '@pharmalytics/domain';
import { createFacilityCorporation, saveFacilityCorporations } from './facility-corporation.ts';

/** One corporation, made on a browser of its own (each signs in as its own administrator). */
async function made(browser: Browser, options: Parameters<typeof createFacilityCorporation>[2]) {
  const context = await browser.newContext({ baseURL: setup.info().project.use.baseURL });
  try {
    return await createFacilityCorporation(await context.newPage(), browser, options);
  } finally {
    await context.close();
  }
}

/**
 * The 施設基準 specs' corporations, and the prescriber notices' (advanced plan), made before any
 * spec runs: putting one on a paid plan takes the shared system administrator into it for a
 * moment, which would disturb specs running at the same time.
 */
setup('corporations of the 施設基準 and prescriber notice specs', async ({ browser }) => {
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
    prescriber: await made(browser, {
      prefix: 'prescriber',
      storeName: '処方元テスト薬局',
      history: prescriberFallHistory(today),
      plan: 'advanced',
    }),
  });
});
