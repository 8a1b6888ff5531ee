import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo', viewport: { width: 1400, height: 900 } });
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
const base = 'http://127.0.0.1:3200/service';
await page.goto(base + '/login');
await page.getByLabel('メールアドレス').fill('admin@example.com');
await page.getByLabel('パスワード', { exact: true }).fill('Pharmalytics-demo1');
await page.getByRole('button', { name: 'ログイン', exact: true }).click();
await page.waitForURL(/dashboard|service\/?$/);
await page.getByRole('button', { name: /^期間:/ }).click();
const to = page.getByRole('group', { name: '終了日' });
console.log('to count', await to.count());
const field = page.getByLabel('終了日').first();
await field.click();
await page.keyboard.press('Control+a');
for (const ch of '20260105') { await page.keyboard.type(ch); await page.waitForTimeout(150); console.log(ch, await page.locator('input[name], input').evaluateAll(els => els.map(e => e.value).join(' | '))); }
await page.screenshot({ path: '/tmp/shots/date.png' });
await browser.close();
