import { expect, test, type Page } from '@playwright/test';
import {
  FORM_MESSAGES,
  MESSAGES,
  roleByName,
  routePath,
  SELF_DELETE_LOGOUT_DELAY_MS,
  V,
} from '@pharmalytics/domain';
import { uniqueEmail } from './accounts.ts';
import { DEMO, expectRoute, login } from './helpers.ts';
import { addMember, createCorporation, setViewableStores, signIn, snackbar } from './settings.ts';

const ADMIN = roleByName('admin')!.publicName;
const USER = roleByName('user')!.publicName;

/** The value next to a label of a detail card. */
function detailValue(page: Page, label: string) {
  return page
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The account list row whose e-mail cell is exactly this address. */
function accountRow(page: Page, email: string) {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name: email, exact: true }) });
}

function inviteDialog(page: Page) {
  return page.getByRole('dialog', { name: 'アカウント登録' });
}

async function openInvite(page: Page) {
  await page.goto(routePath('AccountList'));
  await page.getByRole('button', { name: 'アカウント登録' }).click();
  return inviteDialog(page);
}

test.describe('account list and invitations', () => {
  test('lists the accounts with status, viewable stores and role, and filters them', async ({
    page,
  }) => {
    await login(page, DEMO.admin, 'Dashboard');
    await page.goto(routePath('AccountList'));
    const user = accountRow(page, DEMO.user);
    await expect(user).toContainText('有効');
    await expect(user).toContainText('はかた薬局 天神店他1店');
    await expect(user).toContainText(USER);
    await expect(accountRow(page, DEMO.admin)).toContainText('全ての店舗');
    await page.getByRole('searchbox', { name: 'アカウントを絞り込む' }).fill('佐藤');
    await expect(page.getByRole('row').filter({ hasText: '@' })).toHaveCount(1);
    await expect(page.getByText('1件', { exact: true })).toBeVisible();
    await user.getByRole('link', { name: '佐藤 花子の詳細' }).click();
    await expect(page).toHaveURL(/\/setting\/account-list\/\d+$/);
  });

  test('invite: repeats merge, invalid and registered addresses are refused, then cancel one', async ({
    page,
  }) => {
    test.slow();
    await login(page, DEMO.admin, 'Dashboard');
    const first = uniqueEmail('invite-a');
    const second = uniqueEmail('invite-b');
    const dialog = await openInvite(page);
    const submit = dialog.getByRole('button', { name: '招待メールを送信' });
    await expect(submit).toBeDisabled();

    const emails = dialog.getByRole('combobox', { name: /メールアドレス/ });
    await emails.fill(`${first}, ${first.toUpperCase()}, not-an-email,`);
    const chips = dialog.locator('.MuiChip-root');
    await expect(chips).toHaveCount(2);
    await expect(dialog.locator('.MuiChip-root[data-invalid="true"]')).toHaveText('not-an-email');
    await expect(dialog.getByText(V.email)).toBeVisible();
    // A role is still missing, and an address is invalid.
    await expect(submit).toBeDisabled();
    await dialog.getByRole('combobox', { name: /権限/ }).click();
    await page.getByRole('option', { name: USER }).click();
    await expect(submit).toBeDisabled();
    await dialog
      .locator('.MuiChip-root', { hasText: 'not-an-email' })
      .locator('.MuiChip-deleteIcon')
      .click();
    await expect(submit).toBeEnabled();

    // More than ten addresses.
    await emails.fill(Array.from({ length: 10 }, (_, i) => `many${i}@example.com`).join(',') + ',');
    await expect(dialog.getByText(FORM_MESSAGES.inviteMaxEmails)).toBeVisible();
    await expect(submit).toBeDisabled();
    for (let i = 0; i < 10; i++) {
      await dialog
        .locator('.MuiChip-root', { hasText: `many${i}@example.com` })
        .locator('.MuiChip-deleteIcon')
        .click();
    }

    // An address that already has an account.
    await emails.fill(`${DEMO.user}`);
    await emails.press('Enter');
    await submit.click();
    await expect(dialog.getByRole('alert')).toContainText(MESSAGES.emailAlreadyRegistered);
    await expect(dialog.getByRole('alert')).toContainText(DEMO.user);
    await dialog
      .locator('.MuiChip-root', { hasText: DEMO.user })
      .locator('.MuiChip-deleteIcon')
      .click();

    await emails.fill(second);
    await submit.click();
    const sent = page.getByRole('dialog', { name: '招待メールを送信しました' });
    await expect(sent).toContainText(first);
    await expect(sent).toContainText(second);
    await sent.getByRole('button', { name: 'アカウント一覧へ戻る' }).click();
    await expect(sent).toBeHidden();

    const firstRow = page.getByRole('row').filter({ hasText: first });
    const secondRow = page.getByRole('row').filter({ hasText: second });
    await expect(firstRow).toContainText('招待中');
    await expect(secondRow).toContainText(USER);
    await firstRow.getByRole('button', { name: `${first}への招待を取り消す` }).click();
    await page
      .getByRole('dialog', { name: '招待の取り消し' })
      .getByRole('button', { name: '招待を取り消す' })
      .click();
    await expect(firstRow).toHaveCount(0);
    await expect(secondRow).toBeVisible();
  });

  test('invite: Enter adds the typed address and never sends', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    const address = uniqueEmail('invite-enter');
    const dialog = await openInvite(page);
    await dialog.getByRole('combobox', { name: /権限/ }).click();
    await page.getByRole('option', { name: USER }).click();
    let invitations = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/v2/invitations')) {
        invitations += 1;
      }
    });

    const emails = dialog.getByRole('combobox', { name: /メールアドレス/ });
    await emails.fill(address);
    await emails.press('Enter');
    const chips = dialog.locator('.MuiChip-root');
    await expect(chips).toHaveText([address]);
    await expect(emails).toHaveValue('');

    // Enter again on the empty field: nothing is added and nothing is sent.
    await emails.press('Enter');
    await emails.fill('   ');
    await emails.press('Enter');
    await expect(chips).toHaveText([address]);
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog', { name: '招待メールを送信しました' })).toBeHidden();
    expect(invitations).toBe(0);

    await dialog.getByRole('button', { name: '招待メールを送信' }).click();
    await expect(page.getByRole('dialog', { name: '招待メールを送信しました' })).toContainText(
      address,
    );
    expect(invitations).toBe(1);
  });
});

test.describe('account detail', () => {
  test('role change both ways changes the viewable stores', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    const member = await addMember(page, 'user', '役割 変更');
    await page.goto(routePath('AccountDetail', { id: member.id }));
    await expect(detailValue(page, '権限')).toHaveText(USER);
    await expect(detailValue(page, '閲覧可能店舗')).toHaveText(MESSAGES.notSet);
    await expect(page.getByRole('button', { name: '閲覧可能店舗を編集' })).toBeEnabled();

    await page.getByRole('button', { name: '権限を編集' }).click();
    const dialog = page.getByRole('dialog', { name: '権限の変更' });
    const confirm = dialog.getByRole('button', { name: '変更する' });
    // The current role is selected: nothing to change yet.
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('radio', { name: ADMIN }).check();
    await confirm.click();
    await expect(snackbar(page, MESSAGES.roleChanged)).toBeVisible();
    await expect(detailValue(page, '権限')).toHaveText(ADMIN);
    await expect(detailValue(page, '閲覧可能店舗')).toHaveText('全ての店舗');
    await expect(page.getByRole('button', { name: '閲覧可能店舗を編集' })).toBeDisabled();

    await page.getByRole('button', { name: '権限を編集' }).click();
    await dialog.getByRole('radio', { name: USER }).check();
    await dialog.getByRole('button', { name: '変更する' }).click();
    await expect(detailValue(page, '権限')).toHaveText(USER);
    await expect(detailValue(page, '閲覧可能店舗')).toHaveText(MESSAGES.notSet);
  });

  test('viewable stores: a prefecture checkbox selects all its stores', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    const member = await addMember(page, 'user', '店舗 選択');
    await setViewableStores(page, member.id, ['1001']);
    await page.goto(routePath('AccountDetail', { id: member.id }));
    await expect(detailValue(page, '閲覧可能店舗')).toHaveText('はかた薬局 天神店');

    await page.getByRole('button', { name: '閲覧可能店舗を編集' }).click();
    const dialog = page.getByRole('dialog', { name: '閲覧可能店舗の設定' });
    const fukuoka = dialog.getByRole('checkbox', { name: '福岡県' });
    await expect(dialog.getByRole('checkbox', { name: 'はかた薬局 天神店' })).toBeChecked();
    await expect(fukuoka).not.toBeChecked();
    await expect(fukuoka).toHaveAttribute('data-indeterminate', 'true');

    await fukuoka.check();
    await expect(fukuoka).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'はかた薬局 大橋店' })).toBeChecked();
    await dialog.getByRole('checkbox', { name: 'はかた薬局 大橋店' }).uncheck();
    await expect(fukuoka).toHaveAttribute('data-indeterminate', 'true');
    await dialog.getByRole('button', { name: '保存する' }).click();
    await expect(snackbar(page, MESSAGES.browsableStoresChanged)).toBeVisible();
    await expect(detailValue(page, '閲覧可能店舗')).toContainText(
      'はかた薬局 天神店・はかた薬局 博多駅前店・',
    );
    await expect(detailValue(page, '閲覧可能店舗')).not.toContainText('大橋店');

    // Selecting the whole prefecture again means every store.
    await page.getByRole('button', { name: '閲覧可能店舗を編集' }).click();
    await fukuoka.check();
    await dialog.getByRole('button', { name: '保存する' }).click();
    await expect(detailValue(page, '閲覧可能店舗')).toHaveText('全ての店舗');
  });

  test('an admin deletes another account and returns to the list', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    const member = await addMember(page, 'user', '削除 対象');
    await page.goto(routePath('AccountDetail', { id: member.id }));
    await page.getByRole('button', { name: 'アカウントを削除' }).click();
    const dialog = page.getByRole('dialog', { name: 'アカウントの削除' });
    await expect(dialog).toContainText(MESSAGES.accountDeleteWarning);
    await dialog.getByRole('button', { name: '削除する' }).click();
    await expectRoute(page, 'AccountList');
    await expect(snackbar(page, MESSAGES.accountDeleted)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: member.email })).toHaveCount(0);
  });

  test('deleting oneself logs out to login after 3 seconds', async ({ page }) => {
    await login(page, DEMO.admin, 'Dashboard');
    const member = await addMember(page, 'admin', '自己 削除');
    await page.context().clearCookies();
    await signIn(page, member.email);
    await page.goto(routePath('AccountDetail', { id: member.id }));
    // The own role cannot be changed.
    await expect(page.getByRole('button', { name: '権限を編集' })).toBeDisabled();
    await page.getByRole('button', { name: 'アカウントを削除' }).click();
    await page
      .getByRole('dialog', { name: 'アカウントの削除' })
      .getByRole('button', { name: '削除する' })
      .click();
    await expect(snackbar(page, MESSAGES.accountDeleted)).toBeVisible();
    const deletedAt = Date.now();
    await expect(page).toHaveURL(new RegExp(`${routePath('AccountDetail', { id: member.id })}$`));
    await expectRoute(page, 'Login');
    expect(Date.now() - deletedAt).toBeGreaterThanOrEqual(SELF_DELETE_LOGOUT_DELAY_MS - 1000);
  });

  test('the only administrator cannot delete itself', async ({ page }) => {
    const corporation = await createCorporation(page, 'lastadmin');
    await signIn(page, corporation.email);
    await page.goto(routePath('AccountList'));
    await page
      .getByRole('row')
      .filter({ hasText: corporation.email })
      .getByRole('link', { name: /の詳細$/ })
      .click();
    await page.getByRole('button', { name: 'アカウントを削除' }).click();
    await page
      .getByRole('dialog', { name: 'アカウントの削除' })
      .getByRole('button', { name: '削除する' })
      .click();
    await expect(snackbar(page, MESSAGES.lastUser)).toBeVisible();
    await page.waitForTimeout(SELF_DELETE_LOGOUT_DELAY_MS);
    await expect(page).toHaveURL(/\/setting\/account-list\/\d+$/);
  });
});

test.describe('role user', () => {
  test('sees the settings without register, edit or delete controls', async ({ page }) => {
    await login(page, DEMO.user, 'Dashboard');
    await page.goto(routePath('Corporation'));
    await expect(page.getByText('株式会社博多ファーマシー').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '法人情報を編集' })).toHaveCount(0);

    await page.goto(routePath('AccountList'));
    await expect(accountRow(page, DEMO.admin)).toBeVisible();
    await expect(page.getByRole('button', { name: 'アカウント登録' })).toHaveCount(0);

    await page.getByRole('link', { name: '佐藤 花子の詳細' }).click();
    await expect(page.getByRole('button', { name: '権限を編集' })).toBeDisabled();
    await expect(page.getByRole('button', { name: '閲覧可能店舗を編集' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'アカウントを削除' })).toHaveCount(0);

    await page.goto(routePath('PharmacySetting'));
    await expect(page.getByRole('row').filter({ hasText: '1001' })).toBeVisible();
    // Only the viewable stores.
    await expect(page.getByRole('row').filter({ hasText: '1003' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '店舗登録' })).toHaveCount(0);

    await page.goto(routePath('PharmacyDetailSetting', { id: '1001' }));
    await expect(page.getByText('はかた薬局 天神店').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '編集' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '店舗を削除' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: '登録メンバー' })).toContainText(DEMO.user);
    await expect(page.getByRole('button', { name: /を店舗から削除$/ })).toHaveCount(0);
    await expect(page.getByText('ユーザー名')).toHaveCount(0);

    await page.goto(routePath('InitialSetup'));
    await expect(
      page.getByText('アップローダー情報は管理者のみダウンロードできます'),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: /アップローダー情報をダウンロード/ }),
    ).toHaveCount(0);
  });
});
