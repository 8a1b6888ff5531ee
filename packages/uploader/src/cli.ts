import { parseArgs } from 'node:util';
import { UPLOADER_MESSAGES } from '@pharmalytics/domain';
import { BadCredentialsError } from './client.ts';
import { ConfigError, loadConfig, loadLookupConfig } from './config.ts';
import { lookupCommand } from './lookup.ts';
import { watch } from './uploader.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    config: { type: 'string' },
    serverUrl: { type: 'string' },
    userName: { type: 'string' },
    key: { type: 'string' },
    folder: { type: 'string' },
    stateFile: { type: 'string' },
    intervalSeconds: { type: 'string' },
    deviceName: { type: 'string' },
    patientSecret: { type: 'string' },
    once: { type: 'boolean', default: false },
  },
});

const log = (message: string) => console.log(`${new Date().toLocaleString('ja-JP')} ${message}`);
const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(UPLOADER_MESSAGES.stopped);
    controller.abort();
  });
}

try {
  const { once, ...flags } = values;
  if (positionals[0] === 'lookup') {
    const { folder, patientSecret } = loadLookupConfig(flags);
    const { exitCode, lines } = lookupCommand(folder, patientSecret, positionals[1]);
    for (const line of lines) (exitCode === 0 ? console.log : console.error)(line);
    process.exit(exitCode);
  }
  await watch(loadConfig(flags), { log, once, signal: controller.signal });
} catch (error) {
  if (error instanceof BadCredentialsError) {
    console.error(UPLOADER_MESSAGES.badCredentials);
    process.exit(2);
  }
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
}
