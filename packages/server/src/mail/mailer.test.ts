import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../testing/smtp-catcher.ts';
import { createMailer } from './mailer.ts';
import { invitationMail, passwordResetMail, signUpVerificationMail } from './templates.ts';

const log = pino({ level: 'silent' });
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(() => smtp.close());

describe('mailer', () => {
  it('delivers over SMTP with a Japanese subject, plain text and HTML', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Pharmalytics <no-reply@pharmalytics.jp>',
      outboxDir: '/nonexistent',
      log,
    });
    await mailer.send(
      signUpVerificationMail(
        'new@example.com',
        'http://localhost/service/sign-up/new-account?token=abc',
        24,
      ),
    );
    const mail = await smtp.lastTo('new@example.com');
    expect(mail.subject).toBe('【Pharmalytics】利用申込のメールアドレス確認');
    expect(mail.from?.address).toBe('no-reply@pharmalytics.jp');
    expect(mail.text).toContain('http://localhost/service/sign-up/new-account?token=abc');
    expect(mail.text).toContain('このリンクの有効期限は24時間です。');
    expect(mail.text).toContain('お心当たりのない場合は');
    expect(mail.html).toContain('href="http://localhost/service/sign-up/new-account?token=abc"');
  });

  it('writes an .eml file to the outbox when no SMTP server is configured', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));
    try {
      const mailer = createMailer({
        from: 'Pharmalytics <no-reply@pharmalytics.jp>',
        outboxDir,
        log,
      });
      await mailer.send(
        passwordResetMail('a@example.com', 'http://localhost/service/reset-password?token=xyz', 60),
      );
      const files = readdirSync(outboxDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const mail = await PostalMime.parse(readFileSync(join(outboxDir, files[0]!)));
      expect(mail.subject).toBe('【Pharmalytics】パスワード再設定のご案内');
      expect(mail.text).toContain('http://localhost/service/reset-password?token=xyz');
      expect(mail.text).toContain('このリンクの有効期限は1時間です。');
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it('escapes names in the HTML of an invitation', () => {
    const mail = invitationMail('a@example.com', 'http://x/?token=1', '<b>法人</b>', '山田', 24);
    expect(mail.html).not.toContain('<b>法人</b>');
    expect(mail.text).toContain(
      '山田様から、<b>法人</b>のPharmalyticsアカウントへの招待が届いています。',
    );
  });
});
