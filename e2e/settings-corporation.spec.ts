import { expect, test, type Page } from '@playwright/test';
import { FIELD_LABELS, MESSAGES, routePath, V } from '@pharmalytics/domain';
import { createCorporation, signIn, snackbar } from './settings.ts';

function section(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

function value(scope: ReturnType<typeof section>, label: string) {
  return scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

test.describe('corporation info', () => {
  test('shows every field, 未入力 for empty ones, and saves an edit', async ({ page }) => {
    const corporation = await createCorporation(page, 'corpedit');
    await signIn(page, corporation.email);
    await page.goto(routePath('Corporation'));
    const basic = section(page, '基本情報');
    await expect(value(basic, FIELD_LABELS.corporationCode)).toHaveText(
      corporation.corporationCode,
    );
    await expect(value(basic, FIELD_LABELS.corporationName)).toHaveText(corporation.name);
    await expect(value(basic, FIELD_LABELS.zipCode)).toHaveText(MESSAGES.notEntered);
    await expect(value(section(page, '技術担当者'), FIELD_LABELS.email)).toHaveText(
      MESSAGES.notEntered,
    );

    await page.getByRole('button', { name: '法人情報を編集' }).click();
    const form = page.getByRole('form', { name: '法人情報の編集' });
    await form.getByLabel(FIELD_LABELS.corporationName).fill('');
    await form.getByLabel(FIELD_LABELS.zipCode).fill('810-0001');
    await form.getByLabel(FIELD_LABELS.technicalPersonEmail).fill('tech@');
    await form.getByRole('button', { name: '保存する' }).click();
    await expect(form.getByText(V.namedRequired(FIELD_LABELS.corporationName))).toBeVisible();
    await expect(form.getByText(V.digitsOnly)).toBeVisible();
    await expect(form.getByText(V.email)).toBeVisible();

    const name = `${corporation.name}（更新）`;
    await form.getByLabel(FIELD_LABELS.corporationName).fill(name);
    await form.getByLabel(FIELD_LABELS.zipCode).fill('8100001');
    await form.getByLabel(FIELD_LABELS.address).fill('福岡県福岡市中央区天神1-1-1');
    await form.getByLabel(FIELD_LABELS.technicalPersonName).fill('技術 一郎');
    await form.getByLabel(FIELD_LABELS.technicalPersonEmail).fill('tech@example.com');
    await form.getByLabel(FIELD_LABELS.technicalPersonTel).fill('0921234567');
    await form.getByRole('button', { name: '保存する' }).click();
    await expect(snackbar(page, MESSAGES.corporationUpdated)).toBeVisible();
    await expect(value(basic, FIELD_LABELS.corporationName)).toHaveText(name);
    await expect(value(basic, FIELD_LABELS.zipCode)).toHaveText('〒810-0001');
    const technical = section(page, '技術担当者');
    await expect(value(technical, FIELD_LABELS.contactName)).toHaveText('技術 一郎');
    await expect(value(technical, FIELD_LABELS.tel)).toHaveText('0921234567');
    await expect(value(section(page, '請求担当者'), FIELD_LABELS.email)).toHaveText(
      MESSAGES.notEntered,
    );
    // The header shows the new name, also after a reload.
    await expect(page.getByRole('banner')).toContainText(name);
    await page.reload();
    await expect(page.getByRole('banner')).toContainText(name);
  });
});
