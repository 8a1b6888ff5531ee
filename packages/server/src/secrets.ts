import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

export interface Secrets {
  /** Signs cookies (CSRF secret cookie). */
  cookieSecret: string;
  /** Private signing key of the identity service (ES256). */
  identityPrivateJwk: JWK;
  /** AES-256 key (base64) for data kept encrypted at rest, such as uploader keys. */
  dataKey: string;
}

async function generateIdentityKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  jwk.kid = randomBytes(8).toString('hex');
  return jwk;
}

/** Fills in whatever secret is missing, so older data directories gain new ones. */
async function complete(partial: Partial<Secrets>): Promise<Secrets> {
  return {
    cookieSecret: partial.cookieSecret ?? randomBytes(32).toString('base64url'),
    identityPrivateJwk: partial.identityPrivateJwk ?? (await generateIdentityKey()),
    dataKey: partial.dataKey ?? randomBytes(32).toString('base64'),
  };
}

/** Reads the secrets kept in the data directory, generating them on first run. */
export async function loadSecrets(dataDir: string | undefined): Promise<Secrets> {
  if (!dataDir) return complete({});
  const file = join(dataDir, 'secrets.json');
  const stored: Partial<Secrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets = await complete(stored);
  if (Object.keys(stored).length !== Object.keys(secrets).length) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return secrets;
}
