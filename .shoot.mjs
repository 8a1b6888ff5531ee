import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://localhost:3100';
const pages = JSON.parse(process.argv[2]);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'ja-JP' });
const page = await ctx.newPage();
await page.goto(`${base}/service/login`);
await page.getByLabel('メールアドレス').fill(process.env.EMAIL ?? 'admin@example.com');
await page.getByLabel('パスワード', { exact: true }).fill('Pharmalytics-demo1');
await page.getByRole('button', { name: 'ログイン' }).click();
await page.waitForURL(/dashboard|notice/);
for (const [path, file] of pages) {
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(6000);
  await page.screenshot({ path: `/tmp/shots/${file}`, fullPage: true });
  const text = await page.locator('main').innerText().catch(() => '');
  console.log(`== ${file}\n${text}`);
}
await browser.close();
