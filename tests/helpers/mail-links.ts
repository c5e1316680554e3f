// Reading e-mails in tests: the body arrives quoted-printable (long lines wrapped with '=' soft
// breaks, '=' written '=3D'), and the links in it open pages whose token the test then POSTs,
// as the page's button does.

/**
 * The message with its body decoded and its lines ended with '\n' (SMTP sends '\r\n'). Headers
 * are not decoded (a token in one may hold '=' and two hex digits).
 */
export function decodedMail(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  const [headers, body] = end < 0 ? [raw, ''] : [raw.slice(0, end), raw.slice(end)];
  const decoded =
    headers +
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return decoded.replace(/\r\n/g, '\n');
}

/** The link to `path` (e.g. '/watch/confirm') in the message, as a URL. */
export function linkInMail(raw: string, path: string): URL {
  const match = new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_%-]+`).exec(decodedMail(raw));
  if (!match) throw new Error(`no ${path} link in:\n${raw}`);
  return new URL(match[0]);
}

/** The token of the link to `path` in the message. */
export function tokenInMail(raw: string, path: string): string {
  return linkInMail(raw, path).searchParams.get('token')!;
}
