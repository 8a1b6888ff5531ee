import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { historyLines, type HistoryMonth } from '@pharmalytics/datagen';
import { csrfHeaders } from './accounts.ts';
import { DEMO, login } from './helpers.ts';
import { createCorporation, signIn, type FreshCorporation } from './settings.ts';
import { dispensingCsv, uploadAsStore } from './uploads.ts';

/** The system administrator's own corporation, to go back to after a plan change. */
const HOME_CORPORATION = '100001';

/**
 * Puts a corporation on a paid plan: the system administrator switches to it, changes the plan
 * and switches back at once, on a browser of its own.
 */
async function upgrade(browser: Browser, code: string, plan: PaidPlan) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  try {
    await login(page, DEMO.sysadmin, 'Dashboard');
    const cookie = (await context.cookies()).find((c) => c.name === 'pharmalytics_member')!;
    const member = JSON.parse(decodeURIComponent(cookie.value)) as { id: number };
    const switchTo = async (corporationCode: string) => {
      const reply = await page.request.put(`/v2/members/${member.id}/corporations`, {
        headers: await csrfHeaders(page.request),
        data: { corporationCode },
      });
      expect(reply.ok()).toBe(true);
    };
    await switchTo(code);
    try {
      const changed = await page.request.patch('/v2/corporations/service_plan', {
        headers: await csrfHeaders(page.request),
        data: { plan },
      });
      expect(changed.ok()).toBe(true);
    } finally {
      await switchTo(HOME_CORPORATION);
    }
  } finally {
    await context.close();
  }
}

type PaidPlan = 'basic' | 'advanced';

export interface FacilityCorporation {
  corporation: FreshCorporation;
  storeCode: string;
  storeName: string;
}

/**
 * A corporation on a paid plan (the basic one unless `plan` says), with one store that has sent
 * `history` (`@pharmalytics/datagen` facility-history). The 施設基準 settings and judgements, and
 * the prescriber notices an administrator closes, change or read what the demo corporation's
 * other specs rely on, so they are tried on these. `page` ends signed in as the corporation's
 * administrator.
 */
export async function createFacilityCorporation(
  page: Page,
  browser: Browser,
  options: {
    prefix: string;
    storeName: string;
    history: readonly HistoryMonth[];
    plan?: PaidPlan;
  },
): Promise<FacilityCorporation> {
  const corporation = await createCorporation(page, options.prefix);
  await upgrade(browser, corporation.corporationCode, options.plan ?? 'basic');
  await signIn(page, corporation.email);
  // 保険医療機関コード are unique across corporations: one of the test's own.
  const pharmacyCode = `404${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const created = await page.request.post('/v3/branches', {
    headers: await csrfHeaders(page.request),
    data: {
      name: options.storeName,
      prefectureId: 40,
      city: '福岡市中央区',
      block: '天神1丁目',
      insuranceInstitutionCode: pharmacyCode,
    },
  });
  expect(created.status()).toBe(201);
  const { storeCode } = (await created.json()) as { storeCode: string };
  const csv = dispensingCsv(historyLines(pharmacyCode, options.history));
  await uploadAsStore(page, storeCode, `${options.prefix}-history.csv`, csv);
  return { corporation, storeCode, storeName: options.storeName };
}

type FacilityCorporationName = 'alerts' | 'judgement' | 'settings' | 'gate' | 'prescriber';
const savedAt = () => join(process.env.E2E_DATA_DIR!, 'facility-corporations.json');

/** Keeps the corporations made by the setup project for the specs (the workers share the file). */
export function saveFacilityCorporations(
  corporations: Record<FacilityCorporationName, FacilityCorporation>,
): void {
  writeFileSync(savedAt(), JSON.stringify(corporations));
}

/** One of the corporations the setup project made (e2e/facility.setup.ts). */
export function facilityCorporation(name: FacilityCorporationName): FacilityCorporation {
  const saved = JSON.parse(readFileSync(savedAt(), 'utf8')) as Record<
    FacilityCorporationName,
    FacilityCorporation
  >;
  return saved[name];
}
