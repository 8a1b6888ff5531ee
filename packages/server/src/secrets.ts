import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export interface Secrets {
  /** Signs cookies (CSRF secret cookie). */
  cookieSecret: string;
  /** Private signing key of the identity service (ES256). */
  identityPrivateJwk: JWK;
}

async function generateSecrets(): Promise<Secrets> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const identityPrivateJwk = await exportJWK(privateKey);
  identityPrivateJwk.kid = randomBytes(8).toString('hex');
  return { cookieSecret: randomBytes(32).toString('base64url'), identityPrivateJwk };
}

/** Reads the secrets kept in the data directory, generating them on first run. */
export async function loadSecrets(dataDir: string | undefined): Promise<Secrets> {
  if (!dataDir) return generateSecrets();
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const secrets = await generateSecrets();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}
