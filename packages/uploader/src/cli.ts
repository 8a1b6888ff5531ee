import { parseArgs } from 'node:util';
import { UPLOADER_MESSAGES } from '@pharmalytics/domain';
import { BadCredentialsError } from './client.ts';
import { ConfigError, loadConfig } from './config.ts';
import { watch } from './uploader.ts';

const { values } = parseArgs({
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
