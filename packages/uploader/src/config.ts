import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONTROL_CHARACTER, UPLOADER_MESSAGES } from '@pharmalytics/domain';

export interface UploaderConfig {
  serverUrl: string;
  userName: string;
  key: string;
  /** Folder the receipt computer writes its files to. */
  folder: string;
  /** Where the hashes of files already sent are remembered. */
  stateFile: string;
  intervalSeconds: number;
  deviceName: string;
  /** Secret of the patient keys; the same in every store of a corporation links a patient across them. */
  patientSecret: string;
  /** Longest wait between retries while the server cannot be reached. */
  maxBackoffSeconds: number;
}

export class ConfigError extends Error {}

type Flags = Record<string, string | undefined>;

/** Reads one setting from the flags, the environment or the JSON file (--config), later ones winning. */
function settingsOf(flags: Flags, env: NodeJS.ProcessEnv) {
  const file = flags.config
    ? (JSON.parse(readFileSync(flags.config, 'utf8')) as Record<string, unknown>)
    : {};
  const pick = (name: string, envName: string) =>
    flags[name] ?? env[envName] ?? (file[name] === undefined ? undefined : String(file[name]));
  const required = (name: string, envName: string) => {
    const value = pick(name, envName);
    if (!value) throw new ConfigError(UPLOADER_MESSAGES.missingSetting(name));
    return value;
  };
  return { pick, required };
}

/** What a pseudonym lookup needs: the folder and the secret the pseudonyms were made with. */
export function loadLookupConfig(
  flags: Flags,
  env: NodeJS.ProcessEnv = process.env,
): Pick<UploaderConfig, 'folder' | 'patientSecret'> {
  const { pick, required } = settingsOf(flags, env);
  return {
    folder: resolve(required('folder', 'PHARMALYTICS_FOLDER')),
    patientSecret:
      pick('patientSecret', 'PHARMALYTICS_PATIENT_SECRET') ?? required('key', 'PHARMALYTICS_KEY'),
  };
}

/**
 * Settings come from a JSON file (--config), then PHARMALYTICS_* environment variables, then
 * command-line flags, later ones winning.
 */
export function loadConfig(flags: Flags, env: NodeJS.ProcessEnv = process.env): UploaderConfig {
  const { pick, required } = settingsOf(flags, env);
  const folder = resolve(required('folder', 'PHARMALYTICS_FOLDER'));
  const key = required('key', 'PHARMALYTICS_KEY');
  const userName = required('userName', 'PHARMALYTICS_USER');
  const deviceName = pick('deviceName', 'PHARMALYTICS_DEVICE_NAME') ?? 'アップローダー';
  // The server refuses them in a user name or a device name: say so before connecting.
  for (const [name, value] of [
    ['userName', userName],
    ['deviceName', deviceName],
  ] as const) {
    if (CONTROL_CHARACTER.test(value))
      throw new ConfigError(UPLOADER_MESSAGES.controlCharacterSetting(name));
  }
  return {
    serverUrl: required('serverUrl', 'PHARMALYTICS_SERVER_URL').replace(/\/$/, ''),
    userName,
    key,
    folder,
    stateFile: resolve(
      pick('stateFile', 'PHARMALYTICS_STATE_FILE') ?? join(folder, '.pharmalytics-uploader.json'),
    ),
    intervalSeconds: Number(pick('intervalSeconds', 'PHARMALYTICS_INTERVAL') ?? 60),
    deviceName,
    patientSecret: pick('patientSecret', 'PHARMALYTICS_PATIENT_SECRET') ?? key,
    maxBackoffSeconds: Number(pick('maxBackoffSeconds', 'PHARMALYTICS_MAX_BACKOFF') ?? 300),
  };
}
