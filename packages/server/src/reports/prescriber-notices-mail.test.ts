import { beforeAll, describe, expect, it } from 'vitest';
import { daysOf, institutionSheets, pharmacyCodeOf } from '../testing/institution-sheets.ts';
import { useAppWithSmtp } from '../testing/lifecycle-app.ts';
import { uploadAs } from '../testing/upload.ts';

const ctx = useAppWithSmtp();

const CLINIC = { code: '4011000011', name: '天神内科クリニック' };

beforeAll(async () => {
  const { t } = ctx;
  // Store 1002 took 114 sheets of the clinic in March 2025 (112 a month) and 71 in March 2026
  // (70 a month): −37.7 %, written −38%.
  const code = await pharmacyCodeOf(t, '1002');
  const march = (year: number) => daysOf({ from: `${year}-03-01`, to: `${year}-03-31` });
  const spread = (days: string[], sheets: number) =>
    Array.from({ length: sheets }, (_, i) => days[i % days.length]!);
  const reply = await uploadAs(t, '1002', [
    ...institutionSheets(code, CLINIC, spread(march(2025), 114)),
    ...institutionSheets(code, CLINIC, spread(march(2026), 71)),
  ]);
  expect(reply.body).toMatchObject({ status: 'loaded', rowsRefused: 0 });
  await t.db
    .updateTable('members')
    .set({ send_report_allowed: true })
    .where('email', 'in', ['admin@example.com', 'user@example.com'])
    .execute();
}, 120_000);

describe('the report mail’s prescriber changes', () => {
  it('name the clinic whose sheets fell against a year before, over real SMTP', async () => {
    const { t, smtp } = ctx;
    const sysadmin = t.client();
    await sysadmin.login('sysadmin@example.com');
    const reply = await sysadmin.request('POST', '/v2/mails/dashboard', {
      body: {
        base_from: '2026-03-01',
        base_to: '2026-03-31',
        comparison_target_from: '2025-03-01',
        comparison_target_to: '2025-03-31',
      },
    });
    expect(reply.status).toBe(200);

    const admin = await smtp.lastTo('admin@example.com');
    const line =
      'はかた薬局 博多駅前店：天神内科クリニックからの処方箋が前年同期比 −38%（月112枚→70枚）';
    const text = admin.text!.split('\n');
    const heading = text.indexOf('■ 処方元の変化');
    expect(heading).toBeGreaterThan(-1);
    expect(text[heading + 1]).toBe(`・${line}`);
    expect(admin.text).toMatch(
      /^処方元の変化を見る: https?:\/\/\S+\/service\/inflow\/prescriber-changes$/m,
    );
    expect(admin.html).toContain(`<li>${line}</li>`);

    // A role user follows no prescriber changes: its mail has no such part.
    const user = await smtp.lastTo('user@example.com');
    expect(user.text).not.toContain('処方元の変化');
  });
});
