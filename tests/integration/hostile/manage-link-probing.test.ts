// The manage link tells nobody which addresses are registered, by its answer or by its timing, and
// asking for links does not spend the budget for opening them (issue 34). The request reads
// nothing about the address: the look-up and the e-mail run after the answer
// (deliverManageLink), so a registered and an unregistered address run the same statements in
// the request. Counted with a plugin on the real connection: the statements sent until the
// answer arrives, then those sent until the work after it is done (the app's own timers run
// minutes apart, far from these windows of milliseconds).
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE } from '../../../core/constants';
import { jobsSettled } from '../../helpers/jobs';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { manageLinkMessages, newestLinkToken, openLink, requestLink, waitForManageLinks } from '../manage/manage-kit';
import { registerWork } from '../submissions/helpers';

/** Counts every statement sent on the connection. */
class StatementCounter implements KyselyPlugin {
  statements = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.statements += 1;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const REGISTERED = 'known.artist@example.org';
const UNREGISTERED = 'nobody.here@example.org';

describe('asking for a manage link', () => {
  let t: TestApp;
  const counter = new StatementCounter();

  beforeAll(async () => {
    // Rate limits on, as in production: their counter is one of the request's statements.
    t = await createTestApp({ env: { RATE_LIMIT_DISABLED: '0' }, dbPlugins: [counter] });
    await registerWork(t.app, { author_email: REGISTERED });
    // The registration's verification e-mail is a job of the queue (decision 0058): sent before counting.
    await jobsSettled(t, 'mail');
  });
  afterAll(async () => {
    await t.close();
  });

  /** The statements run until the answer, and all of them once the work after the answer is done. */
  async function measure(email: string, mailsAfter: number) {
    const before = counter.statements;
    const answer = await requestLink(t, email);
    const inRequest = counter.statements - before;
    await waitForManageLinks(t, mailsAfter);
    // The deferred work of an unregistered address mails nothing: give it a moment to finish.
    await new Promise((r) => setTimeout(r, 200));
    return { answer, inRequest, inAll: counter.statements - before };
  }

  it('runs the same statements in the request for a registered and an unregistered address, and answers the same', async () => {
    const unregistered = await measure(UNREGISTERED, 0);
    const registered = await measure(REGISTERED, 1);
    expect(registered.answer.statusCode).toBe(202);
    expect(unregistered.answer.statusCode).toBe(202);
    expect(registered.answer.body).toBe(unregistered.answer.body);
    // The rate-limit counter only; nothing about the address.
    expect(registered.inRequest).toBe(1);
    expect(unregistered.inRequest).toBe(1);
    // After the answer: the address lock and the look-up (and for the registered address, the hourly
    // count, the link and its mail job, queued in that transaction; then the queue's mail job asks
    // whether the message was sent and records that it was: decision 0058).
    expect(unregistered.inAll).toBe(3);
    expect(registered.inAll).toBe(8);
    expect(manageLinkMessages(t)).toHaveLength(1);
  });

  it('opens the link just sent after the asking budget of the client address is spent', async () => {
    // The first test asked twice; ask until the budget of MANAGE.requestsPerHour is spent.
    for (let i = 2; i < MANAGE.requestsPerHour; i++) expect((await requestLink(t, UNREGISTERED)).statusCode).toBe(202);
    const refused = await requestLink(t, REGISTERED);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');

    const opened = await openLink(t, newestLinkToken(t));
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['ratelimit-limit']).toBe(String(MANAGE.opensPerHour));
    expect(opened.headers['ratelimit-remaining']).toBe(String(MANAGE.opensPerHour - 1));
    expect(opened.json().works).toHaveLength(1);
  });
});
