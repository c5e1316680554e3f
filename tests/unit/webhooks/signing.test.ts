// The Standard Webhooks signature (decision 0069): the specification's own example, the
// standardwebhooks library's signature for the same message, and the secret's form.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newMessageId, newWebhookSecret, signature, signedHeaders } from '../../../server/webhooks/signing';

const SPEC_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SPEC_ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const SPEC_TIMESTAMP = 1614265330;
const SPEC_BODY = '{"test": 2432232314}';

describe('webhook signatures', () => {
  it("matches the specification's example", () => {
    expect(signature(SPEC_SECRET, SPEC_ID, SPEC_TIMESTAMP, SPEC_BODY)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs as the standardwebhooks library does, and the library verifies the headers', () => {
    const at = new Date();
    const secret = newWebhookSecret();
    const headers = signedHeaders([secret], 'msg_1', at, SPEC_BODY);
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('msg_1', at, SPEC_BODY));
    expect(new Webhook(secret).verify(SPEC_BODY, headers)).toEqual({ test: 2432232314 });
  });

  it('carries one signature per secret after a rotation, each verifying on its own', () => {
    const [next, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signedHeaders([next, previous], newMessageId(), new Date(), '{}');
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(next).verify('{}', headers)).toEqual({});
    expect(new Webhook(previous).verify('{}', headers)).toEqual({});
    expect(() => new Webhook(newWebhookSecret()).verify('{}', headers)).toThrow();
    expect(() => new Webhook(next).verify('{"tampered":true}', headers)).toThrow();
  });

  it('makes secrets of 24 random bytes in the whsec_ form, and message ids in the msg_ form', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
    expect(newMessageId()).toMatch(/^msg_[0-9a-f]{32}$/);
  });
});
