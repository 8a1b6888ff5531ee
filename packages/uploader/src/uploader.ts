import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { UPLOADER_MESSAGES } from '@pharmalytics/domain';
import cliProgress from 'cli-progress';
import { BadCredentialsError, TransientError, UploaderClient } from './client.ts';
import { ConfigError, type UploaderConfig } from './config.ts';
import { pseudonymize } from './pseudonymize.ts';
import { SentFiles } from './state.ts';

export type Log = (message: string) => void;

const PROGRESS_FROM_BYTES = 1024 * 1024;

/** Files of the folder, oldest first; hidden files (such as the state file) are not data. */
function filesIn(folder: string, stateFile: string): string[] {
  return readdirSync(folder)
    .filter((name) => !name.startsWith('.'))
    .map((name) => join(folder, name))
    .filter((path) => path !== stateFile && statSync(path).isFile())
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}

/** Sends every file whose content was not delivered before. Throws TransientError to retry later. */
export async function sendNewFiles(
  config: UploaderConfig,
  client: UploaderClient,
  sent: SentFiles,
  log: Log,
): Promise<number> {
  if (!existsSync(config.folder))
    throw new ConfigError(UPLOADER_MESSAGES.folderMissing(config.folder));
  let delivered = 0;
  for (const path of filesIn(config.folder, config.stateFile)) {
    const source = readFileSync(path);
    const hash = createHash('sha256').update(source).digest('hex');
    if (sent.has(hash)) continue;
    const name = basename(path);
    const pseudonymous = pseudonymize(source, config.patientSecret);
    if (!pseudonymous.ok) {
      // Only what the server can read is protected, so nothing else leaves the pharmacy.
      log(UPLOADER_MESSAGES.notSent(name, pseudonymous.message));
      sent.add(hash);
      continue;
    }
    const { bytes } = pseudonymous;
    log(UPLOADER_MESSAGES.sending(name));
    const bar =
      bytes.length >= PROGRESS_FROM_BYTES && process.stderr.isTTY
        ? new cliProgress.SingleBar(
            { format: ' {bar} {percentage}% | {value}/{total} bytes' },
            cliProgress.Presets.shades_classic,
          )
        : undefined;
    bar?.start(bytes.length, 0);
    const result = await client
      .upload(name, bytes, (n) => bar?.update(n))
      .finally(() => bar?.stop());
    if (result.status === 'loaded')
      log(UPLOADER_MESSAGES.loaded(name, result.prescriptionsLoaded, result.rowsRefused));
    else if (result.status === 'duplicate') log(UPLOADER_MESSAGES.duplicate(name));
    else log(UPLOADER_MESSAGES.refused(name, result.message ?? ''));
    // A refused file would be refused again: it is remembered too, until its content changes.
    sent.add(hash);
    delivered += 1;
  }
  return delivered;
}

/**
 * Runs until stopped: contacts the server, sends new files, waits, and while the server cannot
 * be reached retries with a doubling wait. Bad credentials end it (exit code 2 in the CLI).
 */
export async function watch(
  config: UploaderConfig,
  options: { log: Log; once?: boolean; signal?: AbortSignal },
): Promise<void> {
  const client = new UploaderClient(config);
  const sent = new SentFiles(config.stateFile);
  let backoff = 1;
  let connected = false;
  while (!options.signal?.aborted) {
    try {
      if (!connected) {
        const store = await client.contact();
        options.log(UPLOADER_MESSAGES.connected(store.storeName));
        if (!options.once)
          options.log(UPLOADER_MESSAGES.watching(config.folder, config.intervalSeconds));
        connected = true;
      }
      await sendNewFiles(config, client, sent, options.log);
      backoff = 1;
      if (options.once) return;
      await sleep(config.intervalSeconds * 1000, undefined, { signal: options.signal }).catch(
        () => {},
      );
    } catch (error) {
      if (error instanceof BadCredentialsError || error instanceof ConfigError) throw error;
      if (!(error instanceof TransientError)) throw error;
      connected = false;
      options.log(UPLOADER_MESSAGES.retrying(backoff, error.message));
      await sleep(backoff * 1000, undefined, { signal: options.signal }).catch(() => {});
      backoff = Math.min(backoff * 2, config.maxBackoffSeconds);
    }
  }
}
