// A request body must keep coming (issue 34). Node's own deadlines do not see a client that sends
// valid headers, then one body byte every few seconds: each byte resets the idle timeout, and the
// whole-request deadline (HTTP_REQUEST_TIMEOUT_MS) is long enough for an honest large upload on a
// slow line. So every request that announces a body is watched from its headers on: each window
// (HTTP_BODY_PROGRESS_WINDOW_MS) must bring at least HTTP_BODY_MIN_BYTES_PER_SECOND × its seconds,
// or the request is answered 408 and its connection closed. Bytes are counted as the socket reads
// them, below Fastify, so the rule holds for JSON bodies and streamed multipart uploads alike. A
// window in which the server itself was not reading (the request's buffer full) is not held
// against the client.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { MESSAGES } from '../../core/messages';
import { answerAndClose } from './raw-answer';

export interface BodyProgressSettings {
  /** Length of one window. */
  windowMs: number;
  /** Bytes per second the body must average over every window; 0 turns the watch off. */
  minBytesPerSecond: number;
}

function announcesBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function watch(request: IncomingMessage, response: ServerResponse, settings: BodyProgressSettings): void {
  const { socket } = request;
  const needed = (settings.minBytesPerSecond * settings.windowMs) / 1000;
  let seen = socket.bytesRead;
  // A timer per request body, not a scheduler: it watches this socket of this process, so it is
  // not work for the shared job queue (decision 0065).
  const timer = setInterval(() => {
    if (request.complete || socket.destroyed) return stop();
    const arrived = socket.bytesRead - seen;
    seen = socket.bytesRead;
    if (arrived >= needed) return;
    // Nobody has read the body yet (a hook still running): the server is the slow one.
    if (request.readableLength >= request.readableHighWaterMark) return;
    stop();
    if (response.headersSent) socket.destroy();
    else answerAndClose(socket, 'request_timeout', MESSAGES.requestBodyTooSlow);
  }, settings.windowMs).unref();
  // A keep-alive socket carries many requests: each one's listener leaves with it.
  const stop = () => {
    clearInterval(timer);
    socket.off('close', stop);
  };
  request.once('end', stop);
  request.once('close', stop);
  socket.once('close', stop);
}

/** Watches the body of every request the server receives; installed before it listens. */
export function watchBodyProgress(server: Server, settings: BodyProgressSettings): void {
  if (settings.minBytesPerSecond <= 0) return;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!request.complete && announcesBody(request)) watch(request, response, settings);
  });
}
