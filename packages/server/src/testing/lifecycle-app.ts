import { afterAll, beforeAll } from 'vitest';
import { startSmtpCatcher } from './smtp-catcher.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** A test app whose mails go to a real SMTP server inside the test; started once per file. */
export function useAppWithSmtp(env: Record<string, string> = {}) {
  const ctx = {} as { t: TestApp; smtp: Awaited<ReturnType<typeof startSmtpCatcher>> };
  beforeAll(async () => {
    ctx.smtp = await startSmtpCatcher();
    ctx.t = await startTestApp({ env: { SMTP_URL: ctx.smtp.url, ...env } });
  });
  afterAll(async () => {
    await ctx.t?.close();
    await ctx.smtp?.close();
  });
  return ctx;
}
