import {
  createLocalJWKSet,
  createRemoteJWKSet,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';

export const ID_TOKEN_AUDIENCE = 'pharmalytics';
export const ID_TOKEN_LIFETIME_SECONDS = 3600;
const ALG = 'ES256';

export interface IdTokenClaims {
  sub: string;
  email: string;
  iat: number;
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

  async sign(localId: string, email: string): Promise<string> {
    const key = await importJWK(this.privateJwk, ALG);
    return new SignJWT({ email })
      .setProtectedHeader({ alg: ALG, kid: this.privateJwk.kid })
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
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
      return { sub: payload.sub, email: payload.email, iat: payload.iat ?? 0 };
    } catch {
      return null;
    }
  }
}
