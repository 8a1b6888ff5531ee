import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { FIELD_LABELS, MESSAGES, routePath, UPLOADER_INFO_CSV, V } from '@pharmalytics/domain';
import { ACCOUNT_PASSWORD } from './accounts.ts';
import { DEMO, expectRoute, login } from './helpers.ts';
import {
  addMember,
  createCorporation,
  setViewableStores,
  signIn,
  snackbar,
  uniqueStoreName,
} from './settings.ts';

function storeForm(page: Page, name: '店舗登録' | '店舗情報の編集' = '店舗登録') {
  return page.getByRole('dialog', { name });
}

/** Registers a store from the store list with the address found by its postal code. */
async function registerStore(page: Page, name: string, zip = '8100001') {
  await page.goto(routePath('PharmacySetting'));
  await page.getByRole('button', { name: '店舗登録' }).click();
  const form = storeForm(page);
  await form.getByLabel(FIELD_LABELS.storeName).fill(name);
  await form.getByLabel(FIELD_LABELS.zipCode).fill(zip);
  await form.getByRole('button', { name: '住所検索' }).click();
  await expect(form.getByLabel(FIELD_LABELS.city)).toHaveValue('福岡市中央区');
  await expect(form.getByTestId('store-coordinates')).toContainText('緯度 33.');
  await form.getByRole('button', { name: '登録する' }).click();
  await expect(snackbar(page, MESSAGES.storeRegistered)).toBeVisible();
  await expect(form).toBeHidden();
}

test.describe('stores', () => {
  test('register by postal code, see the position, edit, delete with the password', async ({
    page,
  }) => {
    test.slow();
    const corporation = await createCorporation(page, 'stores');
    await signIn(page, corporation.email);
    await page.goto(routePath('PharmacySetting'));
    await expect(page.getByText(MESSAGES.noData)).toBeVisible();

    const name = uniqueStoreName('検証薬局');
    await page.getByRole('button', { name: '店舗登録' }).click();
    const form = storeForm(page);
    // Required fields first.
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(form.getByText('店舗名を入力してください')).toBeVisible();
    await expect(form.getByText('都道府県を選択してください')).toBeVisible();

    await form.getByLabel(FIELD_LABELS.storeName).fill(name);
    const search = form.getByRole('button', { name: '住所検索' });
    await form.getByLabel(FIELD_LABELS.zipCode).fill('810000');
    await expect(search).toBeDisabled();
    await form.getByLabel(FIELD_LABELS.zipCode).fill('8100001');
    await search.click();
    await expect(form.getByRole('combobox', { name: /都道府県/ })).toHaveText('福岡県');
    await expect(form.getByLabel(FIELD_LABELS.city)).toHaveValue('福岡市中央区');
    await expect(form.getByLabel(FIELD_LABELS.block)).toHaveValue('天神');
    const coordinates = form.getByTestId('store-coordinates');
    await expect(coordinates).toContainText('緯度 33.5');
    await expect(coordinates).toContainText('経度 130.');
    await expect(coordinates).toContainText('から推定');
    await expect(form.getByText('住所データ: Geolonia 住所データ (CC BY 4.0)')).toBeVisible();
    await form.getByLabel(FIELD_LABELS.block).fill('天神2-8-38');
    await form.getByLabel(FIELD_LABELS.managementPharmacistName).fill('検証 薬子');
    await form.getByLabel(FIELD_LABELS.insuranceInstitutionCode).fill('123');
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(form.getByText('10桁の半角数字で入力してください')).toBeVisible();
    await form.getByLabel(FIELD_LABELS.insuranceInstitutionCode).fill('4049999991');
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(snackbar(page, MESSAGES.storeRegistered)).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('福岡県');
    await expect(row).toContainText('検証 薬子');
    await expect(row).toContainText('未接続');
    await expect(page.getByText(MESSAGES.incompleteSetupStores(1))).toBeVisible();
    await expect(page.getByRole('link', { name: '初期設定へ' })).toHaveAttribute(
      'href',
      routePath('InitialSetup'),
    );

    // The same name again is refused by the server.
    await page.getByRole('button', { name: '店舗登録' }).click();
    await form.getByLabel(FIELD_LABELS.storeName).fill(name);
    await form.getByRole('combobox', { name: /都道府県/ }).click();
    await page.getByRole('option', { name: '福岡県' }).click();
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(form.getByText(MESSAGES.storeNameUnique)).toBeVisible();
    await form.getByRole('button', { name: 'キャンセル' }).click();

    await row.getByRole('link', { name: `${name}の詳細` }).click();
    await expect(page).toHaveURL(/\/setting\/pharmacy\/\d+$/);
    await expect(page.getByText('福岡県福岡市中央区天神2-8-38')).toBeVisible();
    await expect(page.getByTestId('store-coordinates')).toContainText('緯度 33.5');
    await expect(page.getByText(/^store-\d+$/)).toBeVisible();
    await expect(page.getByRole('table', { name: '登録メンバー' })).toContainText(
      corporation.email,
    );

    await page.getByRole('button', { name: '編集' }).click();
    const edit = storeForm(page, '店舗情報の編集');
    await expect(edit.getByLabel(FIELD_LABELS.storeName)).toHaveValue(name);
    await edit.getByLabel(FIELD_LABELS.tel).fill('0920000000');
    await edit.getByLabel(FIELD_LABELS.buildingName).fill('検証ビル2F');
    await edit.getByRole('button', { name: '更新する' }).click();
    await expect(snackbar(page, MESSAGES.storeUpdated)).toBeVisible();
    await expect(page.getByText('福岡県福岡市中央区天神2-8-38 検証ビル2F')).toBeVisible();
    await expect(page.getByText('0920000000')).toBeVisible();

    const storeCode = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('button', { name: '店舗を削除' }).click();
    const remove = page.getByRole('dialog', { name: '店舗の削除' });
    await remove.getByRole('button', { name: '削除する' }).click();
    await expect(remove.getByText('パスワードを入力してください', { exact: true })).toBeVisible();
    await remove.locator('input[name="password"]').fill('Wrong-pass1');
    await remove.getByRole('button', { name: '削除する' }).click();
    await expect(remove.getByText(MESSAGES.storeDeletePasswordWrong)).toBeVisible();
    await remove.locator('input[name="password"]').fill(ACCOUNT_PASSWORD);
    // Once deleted, nothing of the store is asked for again (it would answer 404).
    const afterDelete: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'GET' && path.startsWith(`/v3/branches/${storeCode}`)) {
        afterDelete.push(path);
      }
    });
    await remove.getByRole('button', { name: '削除する' }).click();
    await expectRoute(page, 'PharmacySetting');
    await expect(snackbar(page, MESSAGES.storeDeleted)).toBeVisible();
    await expect(page.getByText(MESSAGES.noData)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(afterDelete).toEqual([]);
  });

  test('a pin moved by hand is kept, and an unknown postal code leaves the fields open', async ({
    page,
  }) => {
    const corporation = await createCorporation(page, 'pin');
    await signIn(page, corporation.email);
    await page.goto(routePath('PharmacySetting'));
    await page.getByRole('button', { name: '店舗登録' }).click();
    const form = storeForm(page);
    await form.getByLabel(FIELD_LABELS.zipCode).fill('0000000');
    await form.getByRole('button', { name: '住所検索' }).click();
    await expect(form.getByText(MESSAGES.zipAddressNotFound)).toBeVisible();
    await expect(form.getByLabel(FIELD_LABELS.city)).toBeEditable();

    const name = uniqueStoreName('ピン薬局');
    await form.getByLabel(FIELD_LABELS.storeName).fill(name);
    await form.getByRole('combobox', { name: /都道府県/ }).click();
    await page.getByRole('option', { name: '福岡県' }).click();
    await form.getByLabel(FIELD_LABELS.city).fill('福岡市博多区');
    const coordinates = form.getByTestId('store-coordinates');
    await expect(coordinates).toContainText('市区町村から推定');
    // Click the map: the pin moves there and counts as placed by hand.
    const map = form.getByTestId('store-map');
    await map.scrollIntoViewIfNeeded();
    await map.click({ position: { x: 120, y: 90 } });
    await expect(coordinates).toContainText('手動で指定');
    const placed = await coordinates.textContent();
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(snackbar(page, MESSAGES.storeRegistered)).toBeVisible();

    await page
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('link', { name: `${name}の詳細` })
      .click();
    await expect(page.getByTestId('store-coordinates')).toHaveText(placed!);
  });

  test('the uploader CSV lists user name and key of every store, UTF-8 with BOM', async ({
    page,
  }) => {
    test.slow(); // registers two stores through the form before the download
    const corporation = await createCorporation(page, 'csv');
    await signIn(page, corporation.email);
    const first = uniqueStoreName('CSV薬局 "本店"');
    const second = uniqueStoreName('CSV薬局 支店');
    await registerStore(page, first);
    await registerStore(page, second);
    const codes = await page.getByRole('row').filter({ hasText: 'CSV薬局' }).allInnerTexts();
    expect(codes).toHaveLength(2);

    await page.goto(routePath('InitialSetup'));
    await expect(page.getByText(MESSAGES.incompleteSetupStores(2))).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'アップローダー情報をダウンロード（CSV）' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(UPLOADER_INFO_CSV.fileName);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('"店舗ID","店舗名","ユーザー名","キー"');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1).map((line) => {
      const cells = line
        .match(/"((?:[^"]|"")*)"/g)!
        .map((c) => c.slice(1, -1).replaceAll('""', '"'));
      return cells;
    });
    expect(rows.map((r) => r[1]).sort()).toEqual([first, second].sort());
    for (const [storeCode, , userName, key] of rows) {
      expect(userName).toBe(`store-${storeCode}`);
      expect(key).toMatch(/^\S{16,}$/);
    }
  });

  test('the manual links open in a new tab and the contact is a mail link', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    await page.goto(routePath('InitialSetup'));
    for (const name of ['レセプトファイル連携マニュアル', '準備マニュアル', '初期設定マニュアル']) {
      await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
        'target',
        '_blank',
      );
    }
    await expect(page.getByRole('link', { name: '出力設定依頼書をダウンロード' })).toHaveAttribute(
      'href',
      '/manuals/output-setting-request?download=1',
    );
    await expect(page.getByRole('link', { name: 'support@pharmalytics.jp' })).toHaveAttribute(
      'href',
      'mailto:support@pharmalytics.jp',
    );
  });

  test('the store list filters by ID, name and managing pharmacist', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    await page.goto(routePath('PharmacySetting'));
    const filter = page.getByRole('searchbox', { name: '店舗を絞り込む' });
    const rows = page.getByRole('row').filter({ hasText: 'はかた薬局' });
    await filter.fill('1002');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('博多駅前店');
    await filter.fill('山本');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('大橋店');
    await expect(rows).toContainText('未接続');
    await filter.fill('薬院');
    await expect(rows).toContainText('接続済み');
  });

  test('a user-role member is removed from a store', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    const member = await addMember(page, 'user', '店舗 外し');
    await setViewableStores(page, member.id, ['1003', '1004']);
    await page.goto(routePath('PharmacyDetailSetting', { id: '1003' }));
    const members = page.getByRole('table', { name: '登録メンバー' });
    const row = members.getByRole('row').filter({ hasText: member.email });
    await expect(row).toBeVisible();
    // Administrators see every store and cannot be removed.
    await expect(
      members.getByRole('row').filter({ hasText: DEMO.admin }).getByRole('button'),
    ).toHaveCount(0);
    await row.getByRole('button', { name: '店舗 外しを店舗から削除' }).click();
    await page
      .getByRole('dialog', { name: '店舗からメンバーを削除' })
      .getByRole('button', { name: '削除する' })
      .click();
    await expect(snackbar(page, MESSAGES.storeMemberRemoved)).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.goto(routePath('AccountDetail', { id: member.id }));
    await expect(page.getByText('はかた薬局 西新店', { exact: true })).toBeVisible();
  });

  test('initial setup without stores: the administrator registers one, a member without viewable stores is told who grants them', async ({
    page,
  }) => {
    test.slow();
    const corporation = await createCorporation(page, 'nostore');
    await signIn(page, corporation.email);
    await page.goto(routePath('InitialSetup'));
    await expect(page.getByText(MESSAGES.setupNoStore)).toBeVisible();
    await expect(page.getByText(MESSAGES.setupComplete)).toHaveCount(0);
    await page.getByRole('link', { name: MESSAGES.setupRegisterStore }).click();
    await expectRoute(page, 'PharmacySetting');
    const form = storeForm(page);
    await expect(form).toBeVisible();

    // A store with a name and a prefecture only.
    const name = uniqueStoreName('県のみ薬局');
    await form.getByLabel(FIELD_LABELS.storeName).fill(name);
    await form.getByRole('combobox', { name: /都道府県/ }).click();
    await page.getByRole('option', { name: '福岡県' }).click();
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(snackbar(page, MESSAGES.storeRegistered)).toBeVisible();
    await page.goto(routePath('InitialSetup'));
    await expect(page.getByText(MESSAGES.incompleteSetupStores(1))).toBeVisible();

    const member = await addMember(page, 'user', '閲覧 なし');
    await page.context().clearCookies();
    await signIn(page, member.email);
    await page.goto(routePath('InitialSetup'));
    await expect(page.getByText(MESSAGES.setupNoViewableStore)).toBeVisible();
    await expect(page.getByText(MESSAGES.setupComplete)).toHaveCount(0);
    await expect(page.getByRole('link', { name: MESSAGES.setupRegisterStore })).toHaveCount(0);
  });

  test('store detail: empty fields read 未入力, the prefecture shows as the address, and the phone takes digits only', async ({
    page,
  }) => {
    const corporation = await createCorporation(page, 'empty');
    await signIn(page, corporation.email);
    await page.goto(routePath('PharmacySetting'));
    await page.getByRole('button', { name: '店舗登録' }).click();
    const form = storeForm(page);
    const name = uniqueStoreName('空欄薬局');
    await form.getByLabel(FIELD_LABELS.storeName).fill(name);
    await form.getByRole('combobox', { name: /都道府県/ }).click();
    await page.getByRole('option', { name: '福岡県' }).click();
    await form.getByLabel(FIELD_LABELS.tel).fill('092-000-0000');
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(form.getByText(V.digitsOnly)).toBeVisible();
    await form.getByLabel(FIELD_LABELS.tel).fill('');
    await form.getByRole('button', { name: '登録する' }).click();
    await expect(snackbar(page, MESSAGES.storeRegistered)).toBeVisible();

    // No managing pharmacist was entered: the list says so as the detail does.
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText(
      MESSAGES.notEntered,
    );
    await page.getByRole('link', { name: `${name}の詳細` }).click();
    const card = page.getByRole('region', { name: '登録情報' });
    const value = (label: string) =>
      card
        .locator('dt')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]');
    await expect(value(FIELD_LABELS.address)).toHaveText('福岡県');
    for (const label of [
      FIELD_LABELS.zipCode,
      FIELD_LABELS.insuranceInstitutionCode,
      FIELD_LABELS.managementPharmacistName,
      FIELD_LABELS.tel,
    ]) {
      await expect(value(label)).toHaveText(MESSAGES.notEntered);
    }
    await expect(card.getByText(MESSAGES.notSet)).toHaveCount(0);
  });

  test('the setup guide counts a registered store as done', async ({ page }) => {
    const corporation = await createCorporation(page, 'guide');
    await signIn(page, corporation.email);
    const step = (title: string) => page.getByRole('listitem').filter({ hasText: title });
    await expect(step('店舗登録').getByText('未完了', { exact: true })).toBeVisible();
    await registerStore(page, uniqueStoreName('ガイド薬局'));
    await page.goto(routePath('DispensingPharmacy'));
    await expect(step('店舗登録').getByText('完了', { exact: true })).toBeVisible();
    // No uploader has connected yet: the guide stays.
    await expect(step('初期設定').getByText('未完了', { exact: true })).toBeVisible();
  });
});
