import { DEMO_PASSWORD } from '@pharmalytics/datagen';
import { HEADER_NAMES } from '@pharmalytics/domain';

export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  /** The body as sent, byte for byte (the decoded `body` has lost a leading BOM). */
  bytes: Buffer;
}

/** Talks to the server over real HTTP the way the web app does: cookies, CSRF header. */
export class HttpClient {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | undefined;

  constructor(private readonly baseUrl: string) {}

  async request<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
    method: string,
    path: string,
    options: {
      body?: unknown;
      /** A body sent as it is, with its own content type (or none), instead of `body` as JSON. */
      raw?: { body: string | Uint8Array; contentType?: string };
      headers?: Record<string, string>;
      csrf?: boolean;
      /** Closes the call when it aborts, as a browser leaving a page does. */
      signal?: AbortSignal;
    } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.raw?.contentType !== undefined) headers['content-type'] = options.raw.contentType;
    if (options.csrf ?? method !== 'GET') {
      this.csrfToken ??= (
        await this.request<{ csrfToken: string }>('GET', '/v2/csrf_token')
      ).body.csrfToken;
      headers[HEADER_NAMES.csrf] = this.csrfToken;
    }
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: options.raw
        ? options.raw.body
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      redirect: 'manual',
      signal: options.signal,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as T, headers: response.headers, bytes };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path); // eslint-disable-line @typescript-eslint/no-explicit-any

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Signs in at the identity service, then opens a session with the ID token. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async login(email: string, password = DEMO_PASSWORD): Promise<Reply<any>> {
    const identity = await this.signIn(email, password);
    if (identity.status !== 200) return identity;
    return this.request('POST', '/v2/login', {
      headers: { authorization: `Bearer ${(identity.body as { idToken: string }).idToken}` },
    });
  }

  signIn(email: string, password: string) {
    return this.request('POST', '/identity/v1/accounts:signInWithPassword', {
      body: { email, password, returnSecureToken: true },
      csrf: false,
    });
  }
}
