// The data folder holds the embedded database, private originals, the log's signing key and
// e-mails with verification links: no other local user may read any of it. The folder itself is
// made 0700 (which closes everything below it, whatever older files' modes), and this process
// creates every new file 0600 and folder 0700.
import fs from 'node:fs';

const OWNER_ONLY_UMASK = 0o077;

export function makeDataDirPrivate(dataDir: string): void {
  process.umask(OWNER_ONLY_UMASK);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
}
