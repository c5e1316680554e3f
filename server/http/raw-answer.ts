// An answer written straight to a socket, for refusals made below Fastify (too many connections
// from one address, a request body that stopped coming): the same JSON error body as every other
// refusal (decision 0033), then the connection is closed. What the client still sends is read
// and dropped meanwhile, so closing does not reset the connection before the answer is read.
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { ErrorCode } from '../../core/error-codes';
import { ERROR_CODES } from '../../core/error-codes';
import type { MessagePair } from '../../core/messages';

/** How long a refused socket is left to read its answer before it is destroyed. */
const LINGER_MS = 1_000;

export function answerAndClose(socket: Socket, code: ErrorCode, message: MessagePair, headers: Record<string, string> = {}): void {
  const status = ERROR_CODES[code].status;
  const body = JSON.stringify({ error: { code, message: message.description, title: message.title } });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
  ];
  socket.on('error', () => undefined);
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
