import iconv from 'iconv-lite';

export interface DecodedText {
  /** The text with line ends normalised to LF; a BOM and a trailing EOF mark removed. */
  text: string;
  encoding: 'utf-8' | 'cp932';
}

const EOF_MARK = 0x1a;

/**
 * Receipt files end with one 0x1A byte after the last CRLF. Cut at the first 0x1A when only
 * EOF marks, NULs or white space follow it; a 0x1A inside the data is left for the parser to
 * report. 0x1A is never part of a multi-byte Shift_JIS or UTF-8 character, so this is safe
 * before decoding.
 */
function withoutEofMark(bytes: Uint8Array): Uint8Array {
  const at = bytes.indexOf(EOF_MARK);
  if (at < 0) return bytes;
  for (let i = at + 1; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== EOF_MARK && b !== 0x00 && b !== 0x0d && b !== 0x0a && b !== 0x20 && b !== 0x09) {
      return bytes;
    }
  }
  return bytes.subarray(0, at);
}

/**
 * Decodes an uploaded file: UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), otherwise
 * CP932 (Shift_JIS as written by Windows and receipt computers). Line ends become LF.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const body = withoutEofMark(bytes);
  let text: string;
  let encoding: DecodedText['encoding'];
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(body);
    encoding = 'utf-8';
  } catch {
    text = iconv.decode(Buffer.from(body.buffer, body.byteOffset, body.byteLength), 'cp932');
    encoding = 'cp932';
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  }
  return { text: text.replace(/\r\n?/g, '\n'), encoding };
}

/** Physical lines of normalised text (a final line end does not open an extra empty line). */
export function physicalLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
