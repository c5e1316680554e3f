// The one rule for links people give us (profile links, a work's links on the manage page):
// an absolute http(s) address, without a user name or password. A link with `user:pass@` would
// publish someone's credentials on a proof page, or dress a phishing address as another site's
// (https://trusted.example@evil.example/), so it is refused with its own message.
import { z } from 'zod';

const httpUrl = z.httpUrl();

export type LinkProblem = 'invalid' | 'credentials';

/** What is wrong with `link` (already trimmed), or null when it is a link we accept. */
export function linkProblem(link: string): LinkProblem | null {
  if (!httpUrl.safeParse(link).success) return 'invalid';
  const url = new URL(link);
  if (url.username !== '' || url.password !== '') return 'credentials';
  return null;
}
