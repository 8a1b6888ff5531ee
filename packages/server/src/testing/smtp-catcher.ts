import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail extends Email {
  /** Envelope recipients. */
  recipients: string[];
}

/** A real SMTP server on a loopback port that keeps and parses every mail it receives. */
export async function startSmtpCatcher() {
  const mails: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        mails.push({ ...parsed, recipients: session.envelope.rcptTo.map((r) => r.address) });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The last mail to an address, waiting for it to arrive. */
    async lastTo(address: string, timeoutMs = 5000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.findLast((m) => m.recipients.includes(address));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link of a mail's text that leads to the given path. */
export function linkIn(mail: Email, path: string): URL {
  const link = mail.text?.match(/https?:\/\/\S+/g)?.find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no link to ${path} in: ${mail.text}`);
  return new URL(link);
}
