/**
 * The uploader's request headers, read once: URL-encoded names that must be printable text,
 * and the body type a file must come in.
 */
import { CONTROL_CHARACTER } from '@pharmalytics/domain';
import { HttpError } from '../http/errors.ts';

export const DEFAULT_DEVICE_NAME = 'アップローダー';
export const MAX_DEVICE_NAME = 100;
export const FILE_CONTENT_TYPE = 'application/octet-stream';

/** A URL-encoded header value; undecodable input is taken as it came. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The decoded value, or 400 naming the header when it holds a control character. */
function printable(header: string, value: string): string {
  const text = decoded(value);
  if (CONTROL_CHARACTER.test(text)) {
    throw new HttpError(400, `${header} must not contain control characters`);
  }
  return text;
}

/** The name of the uploaded file (X-File-Name, URL-encoded). */
export const fileNameOf = (header: string): string => printable('X-File-Name', header);

/** The name the uploader installation reports (X-Device-Name, URL-encoded), or the default. */
export function deviceNameOf(header: string | string[] | undefined): string {
  if (typeof header !== 'string' || !header.trim()) return DEFAULT_DEVICE_NAME;
  return printable('X-Device-Name', header).slice(0, MAX_DEVICE_NAME);
}

/** 415 unless the body is a raw file: checked before any of it is read. */
export function assertFileBody(contentType: string | undefined): void {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== FILE_CONTENT_TYPE) {
    throw new HttpError(415, `a file must be sent as ${FILE_CONTENT_TYPE}`);
  }
}
