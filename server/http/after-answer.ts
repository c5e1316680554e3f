// Work a route does after its answer has gone out (issue 34): the answer must not wait for it, nor
// take longer when it has more to do, which would tell callers apart by timing. The work runs in
// this process once the response is finished, and the server's close waits for it; what must
// survive a crash (an e-mail) it puts on the durable job queue (decision 0058) in its own
// transaction, so the request's own statements are the same whatever the work finds.
import type { FastifyReply } from 'fastify';

export interface AfterAnswerLog {
  error(obj: object, msg: string): void;
}

export interface AfterAnswer {
  /** Runs `work` once `reply` is sent (or its connection gone); a failure is logged, never thrown. */
  run(reply: FastifyReply, what: string, work: () => Promise<void>): void;
  /** Resolves when every piece of work started so far has ended. */
  idle(): Promise<void>;
}

export function createAfterAnswer(log: AfterAnswerLog): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(reply, what, work) {
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        // setImmediate: after the answer's last bytes are handed to the socket, not in the same tick.
        const running = new Promise<void>((resolve) => setImmediate(resolve))
          .then(work)
          .catch((err: unknown) => log.error({ err }, `${what} failed`));
        pending.add(running);
        void running.finally(() => pending.delete(running));
      };
      reply.raw.once('finish', start);
      reply.raw.once('close', start);
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}
