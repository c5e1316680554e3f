// Hex and base64 helpers for the transparency log. Hex is always lowercase on output.

const HEX_RE = /^(?:[0-9a-fA-F]{2})*$/;

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** Decodes hex (either case). Throws on odd length or a non-hex character, unlike Buffer.from. */
export function fromHex(hex: string): Uint8Array {
  if (!HEX_RE.test(hex)) throw new TypeError('Invalid hex string');
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Decodes standard base64 (RFC 4648 §4) with padding. Strict: Buffer.from silently skips
 * bad characters, and a lenient decoder would let two different strings mean one signature.
 */
export function fromBase64(text: string): Uint8Array {
  if (!BASE64_RE.test(text)) throw new TypeError('Invalid base64 string');
  const bytes = new Uint8Array(Buffer.from(text, 'base64'));
  // Non-zero unused bits in the last character also make the encoding non-canonical.
  if (toBase64(bytes) !== text) throw new TypeError('Non-canonical base64 string');
  return bytes;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
