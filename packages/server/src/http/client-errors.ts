import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Answers a request Node could not read (headers past the limit, a malformed request, a client
 * too slow) and closes the connection, saying so. Fastify's own answer leaves out `Connection:
 * close`, so a client keeping connections alive could send its next request on the socket
 * being closed and lose it.
 */
export function closingClientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const body = JSON.stringify({ error: STATUS_CODES[status], statusCode: status });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
