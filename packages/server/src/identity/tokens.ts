import { randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import { hashToken } from '../tokens/random-token.ts';

export const ID_TOKEN_AUDIENCE = 'pharmalytics';
export const ID_TOKEN_LIFETIME_SECONDS = 3600;
const ALG = 'ES256';

/** Private claim of our ID tokens: the account's token generation when the token was issued. */
const GENERATION_CLAIM = 'gen';

export interface IdTokenClaims {
  sub: string;
  email: string;
  /** Issued at, in whole seconds. */
  iat: number;
  /** Expiry, in whole seconds. */
  exp: number;
  /** The account's token generation; absent from an external provider's tokens. */
  generation?: number;
  /**
   * What identifies the token for its single use: its jti, or for a token without one the hash
   * of its signed part (not of the whole token: an ECDSA signature can be rewritten into another
   * valid one, the signed part cannot).
   */
  id: string;
}

/** Signs and verifies the identity service's ID tokens (short-lived ES256 JWTs). */
export class TokenService {
  private constructor(
    private readonly issuer: string,
    private readonly privateJwk: JWK,
    private readonly publicJwk: JWK,
    private readonly verifyKey: JWTVerifyGetKey,
  ) {}

  static create(options: {
    issuer: string;
    privateJwk: JWK;
    /** Verify tokens of an external provider instead of our own. */
    externalJwksUrl?: string;
  }): TokenService {
    const { d: _private, ...publicJwk } = options.privateJwk;
    const verifyKey = options.externalJwksUrl
      ? createRemoteJWKSet(new URL(options.externalJwksUrl))
      : createLocalJWKSet({ keys: [{ ...publicJwk, alg: ALG, use: 'sig' }] });
    return new TokenService(options.issuer, options.privateJwk, publicJwk, verifyKey);
  }

  jwks() {
    return { keys: [{ ...this.publicJwk, alg: ALG, use: 'sig' }] };
  }

  async sign(localId: string, email: string, generation: number): Promise<string> {
    const key = await importJWK(this.privateJwk, ALG);
    return new SignJWT({ email, [GENERATION_CLAIM]: generation })
      .setProtectedHeader({ alg: ALG, kid: this.privateJwk.kid })
      .setJti(randomUUID())
      .setSubject(localId)
      .setIssuer(this.issuer)
      .setAudience(ID_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ID_TOKEN_LIFETIME_SECONDS}s`)
      .sign(key);
  }

  /** Returns the claims of a valid token, or null for anything else. */
  async verify(token: string): Promise<IdTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.verifyKey, {
        issuer: this.issuer,
        audience: ID_TOKEN_AUDIENCE,
        algorithms: [ALG],
      });
      const { sub, email, iat, exp, jti } = payload;
      if (typeof sub !== 'string' || typeof email !== 'string') return null;
      if (typeof iat !== 'number' || typeof exp !== 'number') return null;
      const generation = payload[GENERATION_CLAIM];
      return {
        sub,
        email,
        iat,
        exp,
        generation: Number.isInteger(generation) ? (generation as number) : undefined,
        id: typeof jti === 'string' && jti ? `jti:${jti}` : `jws:${hashToken(signedPart(token))}`,
      };
    } catch {
      return null;
    }
  }
}

/** Header and payload of a compact JWS: the part its signature covers. */
function signedPart(token: string): string {
  return token.slice(0, token.lastIndexOf('.'));
}
