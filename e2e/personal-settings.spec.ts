import { expect, test } from '@playwright/test';
import { MESSAGES, routePath } from '@pharmalytics/domain';
import { DEMO, expectRoute, login } from './helpers.ts';

const REPORT = '月次のダッシュボードレポートをメールで受け取る';

test.describe('personal settings', () => {
  test('free plan: the report cannot be chosen', async ({ page }) => {
    await login(page, DEMO.free, 'DispensingPharmacy');
    await page.goto(routePath('PersonalSetting'));
    await expectRoute(page, 'PersonalSetting');
    await expect(page.getByRole('checkbox', { name: REPORT })).toBeDisabled();
    await expect(page.getByText(/フリープランでは設定できません/)).toBeVisible();
  });

  // The only test that changes this demo member's setting; it puts it back.
  test('basic plan: saves on change and keeps the choice', async ({ page }) => {
    await login(page, DEMO.basic, 'Dashboard');
    await page.goto(routePath('PersonalSetting'));
    const checkbox = page.getByRole('checkbox', { name: REPORT });
    await expect(checkbox).toBeEnabled();
    const before = await checkbox.isChecked();
    const saved = page.getByRole('alert').filter({ hasText: MESSAGES.personalSettingsUpdated });

    await checkbox.click();
    await expect(saved).toBeVisible();
    await expect(checkbox).toBeChecked({ checked: !before });
    await page.reload();
    await expect(checkbox).toBeChecked({ checked: !before });
    await expect(checkbox).toBeEnabled();

    await checkbox.click();
    await expect(saved).toBeVisible();
    await expect(checkbox).toBeChecked({ checked: before });
    await page.reload();
    await expect(checkbox).toBeChecked({ checked: before });
  });
});
