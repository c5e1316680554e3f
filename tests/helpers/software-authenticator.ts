// A software WebAuthn authenticator for tests (decision 0068): an ES256 key pair from node:crypto,
// attestation 'none', and assertions signed over authenticatorData ‖ SHA-256(clientDataJSON), as
// a platform authenticator builds them (WebAuthn Level 3 §6.1, §6.5.4, §7.2). It encodes the little
// CBOR it needs itself, so the server library's decoder checks bytes it did not produce.
import crypto from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
}

export function cborEncode(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cborEncode(k), cborEncode(v));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();

export interface RegistrationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: ['internal'] };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}

export interface AssertionJson {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}

export class SoftwareAuthenticator {
  readonly credentialId = crypto.randomBytes(16);
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  signCount = 0;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The credential public key as COSE_Key (EC2, ES256), the form the server stores. */
  cosePublicKey(): Buffer {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return cborEncode(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  private authData(flags: number, extra: Buffer = Buffer.alloc(0), rpId = this.rpId): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.signCount);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra]);
  }

  /** navigator.credentials.create() answering `options` (user present and verified, AT set). */
  register(options: { challenge: string }, overrides: { origin?: string; rpId?: string } = {}): RegistrationJson {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey()]);
    const authData = this.authData(0x45, attested, overrides.rpId);
    const attestationObject = cborEncode(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, overrides.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get() answering `options`: signs and moves the counter on. */
  assert(options: { challenge: string }, overrides: { origin?: string; signCount?: number } = {}): AssertionJson {
    this.signCount = overrides.signCount ?? this.signCount + 1;
    const authenticatorData = this.authData(0x05);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin ?? this.origin);
    const signature = crypto.sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
