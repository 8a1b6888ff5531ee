import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { genericShareDropHistory } from '@pharmalytics/datagen';
import { MESSAGES, todayInJapan } from '@pharmalytics/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAppWithSmtp } from '../testing/lifecycle-app.ts';
import { linkIn } from '../testing/smtp-catcher.ts';
import { uploadHistory } from '../testing/facility-history.ts';
import { uploadAs } from '../testing/upload.ts';
import { sendMonthlyReports } from './monthly-reports.ts';
import type { ReportContext } from './send-reports.ts';
import { createMailer } from '../mail/mailer.ts';

const ctx = useAppWithSmtp();

/** The text of a PDF, as poppler's pdftotext reads it. */
function pdfText(content: ArrayBuffer | Uint8Array | string): string {
  const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(
      file,
      typeof content === 'string' ? Buffer.from(content) : new Uint8Array(content),
    );
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One sheet on a date: a 45-point fee and one medicine of `yen` yen. */
function sheet(pharmacy: string, date: string, reception: string, yen: number) {
  const common = `${pharmacy},${date},10:00,${reception},1,P-${reception},1,1960-05,,,国保,外来,再来,1,4011000011,Xクリニック,,内科,,`;
  return [
    `${common},FEE,120000110,調剤基本料,調剤基本料,45,1,,,`,
    `${common},MEDICINE,2171022F1093,薬,,${yen / 10},1,10,錠,${yen}`,
  ];
}

beforeAll(async () => {
  const { t } = ctx;
  // Store 1001 sells 950 yen in April 2026 and 550 yen in April 2025; store 1003 sells 2,450
  // yen in April 2026. user@ browses 1001 and 1002 only.
  await uploadAs(t, '1001', [
    ...sheet('4041100018', '2026-04-10', 'A1', 500),
    ...sheet('4041100018', '2025-04-10', 'A2', 100),
  ]);
  await uploadAs(t, '1003', sheet('4041100034', '2026-04-11', 'B1', 2000));
  // Store 3001 of the basic plan's corporation loses its 加算 at the 85 % gate in the projection;
  // its administrator has stated the supply facts the 加算 needs.
  await uploadHistory(t, '3001', genericShareDropHistory(todayInJapan()));
  const store3001 = await t.db
    .selectFrom('stores')
    .select(['id', 'corporation_id'])
    .where('store_code', '=', '3001')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('store_facility_facts')
    .values({
      corporation_id: store3001.corporation_id,
      store_id: store3001.id,
      medicine_supply_record: true,
      price_negotiation: true,
    })
    .execute();
  await t.db
    .updateTable('members')
    .set({ send_report_allowed: true })
    .where('email', 'in', ['admin@example.com', 'user@example.com', 'basic@example.com'])
    .execute();
  await t.db
    .updateTable('members')
    .set({ send_report_allowed: false })
    .where('email', 'not in', ['admin@example.com', 'user@example.com', 'basic@example.com'])
    .execute();
});

const APRIL = {
  base_from: '2026-04-01',
  base_to: '2026-04-30',
  comparison_target_from: '2025-04-01',
  comparison_target_to: '2025-04-30',
};

describe('POST /v2/mails/dashboard', () => {
  it('sends each member who allowed reports the figures of its own stores', async () => {
    const { t, smtp } = ctx;
    const sysadmin = t.client();
    await sysadmin.login('sysadmin@example.com');
    const reply = await sysadmin.request('POST', '/v2/mails/dashboard', { body: APRIL });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ sent: 2, message: MESSAGES.dashboardMailSent });

    const admin = await smtp.lastTo('admin@example.com');
    expect(admin.subject).toBe('【Pharmalytics】ダッシュボードレポート（2026/04/01〜2026/04/30）');
    expect(admin.text).toContain('比較期間: 2025/04/01〜2025/04/30（前年同期）');
    // 1001's facts start on 2025-04-10 and 1002 has none: the comparison lacks data, so the
    // change is not written and the mail says why.
    expect(admin.text).toContain('調剤売上: 3,400円（比較 550円、増減 -）');
    expect(admin.text).toContain('処方箋枚数: 2枚（比較 1枚、増減 -）');
    expect(admin.text).toContain('※ 比較期間のデータが一部ありません');
    expect(admin.html).toContain(
      '<th style="padding:8px 12px;border-bottom:1px solid #e0e0e0;text-align:left">指標</th>',
    );
    // The dashboard's PDF report rides along, with the same figures and the corporation's name.
    expect(admin.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      ['Pharmalytics_ダッシュボードレポート_2026-04-01_2026-04-30.pdf', 'application/pdf'],
    ]);
    const pdf = pdfText(admin.attachments[0]!.content);
    expect(pdf).toContain('株式会社博多ファーマシー');
    expect(pdf).toMatch(/調剤売上\s+3,400円\s+550円\s+-/);

    // user@ may browse 1001 and 1002: store 1003's 2,450 yen is not in its mail.
    const user = await smtp.lastTo('user@example.com');
    expect(user.text).toContain('対象店舗: はかた薬局 天神店、はかた薬局 博多駅前店（2店舗）');
    expect(user.text).toContain('調剤売上: 950円（比較 550円、増減 -）');
    expect(user.text).not.toContain('3,400');
    // Another corporation's members get nothing from this call.
    expect(smtp.mails.some((m) => m.recipients.includes('basic@example.com'))).toBe(false);
  });

  it('is for system administrators only, with the anti-forgery token', async () => {
    const { t } = ctx;
    const admin = t.client();
    await admin.login('admin@example.com');
    expect((await admin.request('POST', '/v2/mails/dashboard', { body: APRIL })).status).toBe(403);
    const sysadmin = t.client();
    await sysadmin.login('sysadmin@example.com');
    const noToken = await sysadmin.request('POST', '/v2/mails/dashboard', {
      body: APRIL,
      csrf: false,
    });
    expect(noToken.status).toBe(403);
    const reversed = await sysadmin.request('POST', '/v2/mails/dashboard', {
      body: { ...APRIL, base_from: '2026-05-01' },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('開始日は終了日より後には設定できません');
  });

  it('carries an unsubscribe link that turns the member’s report setting off', async () => {
    const { t, smtp } = ctx;
    const mail = await smtp.lastTo('user@example.com');
    const link = linkIn(mail, '/v2/mails/unsubscribe');
    const page = await fetch(`${t.baseUrl}${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('ダッシュボードレポートのメール配信を停止しました。');
    const member = await t.db
      .selectFrom('members')
      .select('send_report_allowed')
      .where('email', '=', 'user@example.com')
      .executeTakeFirstOrThrow();
    expect(member.send_report_allowed).toBe(false);
    const forged = await fetch(`${t.baseUrl}/v2/mails/unsubscribe?token=1.forged`);
    expect(forged.status).toBe(400);
    // Turned back on for the tests below.
    await t.db
      .updateTable('members')
      .set({ send_report_allowed: true })
      .where('email', '=', 'user@example.com')
      .execute();
  });
});

describe('GET /v2/mails/dashboard/recipients', () => {
  it('names the members the report goes to, for system administrators only', async () => {
    const { t } = ctx;
    const sysadmin = t.client();
    await sysadmin.login('sysadmin@example.com');
    const reply = await sysadmin.request('GET', '/v2/mails/dashboard/recipients');
    expect(reply.status).toBe(200);
    const emails = (reply.body.recipients as { email: string; publicName: string }[]).map(
      (r) => r.email,
    );
    // The two who allowed reports in this corporation; basic@ is of another corporation.
    expect(emails.sort()).toEqual(['admin@example.com', 'user@example.com']);
    expect(reply.body.recipients[0].publicName).toEqual(expect.any(String));

    const admin = t.client();
    await admin.login('admin@example.com');
    expect((await admin.request('GET', '/v2/mails/dashboard/recipients')).status).toBe(403);
  });
});

describe('the monthly report', () => {
  it('sends last month against the same month a year before, once a month even from two servers', async () => {
    const { t, smtp } = ctx;
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Pharmalytics <no-reply@pharmalytics.jp>',
      outboxDir: t.dataDir,
      log: t.app.log,
    });
    const server = (): ReportContext => ({
      db: t.db,
      mailer,
      metrics: t.app.services.metrics,
      publicUrl: 'https://pharmalytics.example',
      secret: 'k',
    });
    const before = smtp.mails.length;
    const results = await Promise.all([
      sendMonthlyReports(server(), '2026-05-01'),
      sendMonthlyReports(server(), '2026-05-01'),
    ]);
    // admin@ and user@ (advanced) and basic@ (basic); one of the two servers sent them.
    expect(results.sort()).toEqual([3, null]);
    expect(smtp.mails.length - before).toBe(3);
    const user = await smtp.lastTo('user@example.com');
    expect(user.subject).toBe('【Pharmalytics】ダッシュボードレポート（2026/04/01〜2026/04/30）');
    expect(user.text).toContain('調剤売上: 950円（比較 550円、増減 -）');
    expect(user.text).toContain('https://pharmalytics.example/service/dashboard');
    expect(await sendMonthlyReports(server(), '2026-05-20')).toBeNull();
  });

  it("lists an administrator's 施設基準 alerts, and none to other members", async () => {
    const { smtp } = ctx;
    const basic = await smtp.lastTo('basic@example.com');
    expect(basic.text).toMatch(
      /■ 施設基準の見込み\n・.+: 後発割合が85%を下回る見込みです。\d{4}年\d{1,2}月から .+ を算定できなくなります（後発割合 10\.0%、基準 /,
    );
    expect(basic.text).toContain(
      '施設基準を見る: https://pharmalytics.example/service/facility-standards',
    );
    expect(basic.html).toContain('>施設基準の見込み</h2>');
    expect(basic.html).toContain('（後発割合 10.0%、基準 ');
    const user = await smtp.lastTo('user@example.com');
    expect(user.text).not.toContain('施設基準の見込み');
  });
});
