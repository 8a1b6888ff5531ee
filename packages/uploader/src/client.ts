import type { UploaderConfig } from './config.ts';

export class BadCredentialsError extends Error {}

const messageOf = (body: unknown) => String((body as { message?: unknown })?.message ?? '');
/** The server could not be reached or failed; worth trying again later. */
export class TransientError extends Error {}

export interface UploadResponse {
  status: 'loaded' | 'duplicate' | 'failed';
  prescriptionsLoaded: number;
  rowsRefused: number;
  message: string | null;
}

/** The uploader's side of the server API: HTTP Basic with the store's user name and key. */
export class UploaderClient {
  constructor(private readonly config: UploaderConfig) {}

  private headers(extra: Record<string, string> = {}) {
    const basic = Buffer.from(`${this.config.userName}:${this.config.key}`).toString('base64');
    return {
      authorization: `Basic ${basic}`,
      'x-device-name': encodeURIComponent(this.config.deviceName),
      ...extra,
    };
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(this.config.serverUrl + path, init);
    } catch (error) {
      throw new TransientError(
        (error as Error).cause ? String((error as Error).cause) : (error as Error).message,
      );
    }
    if (response.status === 401) throw new BadCredentialsError();
    if (response.status >= 500 || response.status === 429) {
      throw new TransientError(`HTTP ${response.status}`);
    }
    return response;
  }

  async contact(): Promise<{ storeCode: string; storeName: string }> {
    const response = await this.send('/uploader/v1/contact', {
      method: 'POST',
      headers: this.headers(),
    });
    const body = (await response.json()) as { storeCode: string; storeName: string };
    if (!response.ok) throw new Error(`HTTP ${response.status} ${messageOf(body)}`);
    return body;
  }

  /** Streams the file, reporting bytes sent so far to `onProgress`. */
  async upload(
    fileName: string,
    body: Buffer,
    onProgress: (sent: number) => void = () => {},
  ): Promise<UploadResponse> {
    const CHUNK = 64 * 1024;
    let offset = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= body.length) return controller.close();
        controller.enqueue(body.subarray(offset, offset + CHUNK));
        offset = Math.min(offset + CHUNK, body.length);
        onProgress(offset);
      },
    });
    const response = await this.send('/uploader/v1/files', {
      method: 'POST',
      headers: this.headers({
        'content-type': 'application/octet-stream',
        'content-length': String(body.length),
        'x-file-name': encodeURIComponent(fileName),
      }),
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const result = (await response.json().catch(() => ({}))) as Partial<UploadResponse>;
    if (response.ok || response.status === 422) return result as UploadResponse;
    // The server refused this file (its name, its size…): the next file may still go.
    return {
      status: 'failed',
      prescriptionsLoaded: 0,
      rowsRefused: 0,
      message: `HTTP ${response.status} ${messageOf(result)}`,
    };
  }
}
