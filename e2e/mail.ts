import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PostalMime, { type Email } from 'postal-mime';

/** The server's outbox: without SMTP_URL it writes every mail to DATA_DIR/mail as .eml. */
function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return join(dataDir, 'mail');
}

/** Parsed mails by file name; a file is written once and never changes. */
const parsed = new Map<string, Email>();

async function parse(file: string): Promise<Email> {
  let mail = parsed.get(file);
  if (!mail) {
    mail = await PostalMime.parse(await readFile(join(outboxDir(), file)));
    parsed.set(file, mail);
  }
  return mail;
}

/** Outbox files, newest first (their names start with the time they were written). */
async function outboxFiles(): Promise<string[]> {
  try {
    const files = (await readdir(outboxDir())).filter((name) => name.endsWith('.eml'));
    return files.sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function addressedTo(mail: Email, recipient: string): boolean {
  const wanted = recipient.toLowerCase();
  return (mail.to ?? []).some((to) => to.address?.toLowerCase() === wanted);
}

const LINK = /https?:\/\/[^\s<>"]+/g;

export interface MailLinkOptions {
  /** Only links whose path starts with this (e.g. routePath('ResetPassword')). */
  path?: string;
  /** Links already used up by the test, to wait for a newer mail. */
  except?: readonly string[];
  /** How long to wait for the mail; default 10 s. */
  timeoutMs?: number;
}

/**
 * Waits for the newest mail addressed to `recipient` that carries a matching link and returns
 * that link (an absolute URL).
 */
export async function waitForMailLink(
  recipient: string,
  { path, except = [], timeoutMs = 10_000 }: MailLinkOptions = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of await outboxFiles()) {
      const mail = await parse(file);
      if (!addressedTo(mail, recipient)) continue;
      const link = (mail.text ?? '')
        .match(LINK)
        ?.find((url) => (!path || new URL(url).pathname.startsWith(path)) && !except.includes(url));
      if (link) return link;
    }
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${recipient}${path ? ` with a link to ${path}` : ''} arrived`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
