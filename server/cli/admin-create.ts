// npm run admin:create -- --email E --password P [--totp-secret BASE32]
// Creates an admin account (Argon2id hash) in the database the server uses (DATA_DIR or
// DATABASE_URL). Exit code 1 with a clear message on any problem. Without --totp-secret the
// admin sets up a second factor at the first sign-in (decision 0068); with it, that secret is
// their authenticator app (scripted installs, the browser tests).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openRuntime } from '../runtime';
import { AdminCreateError, checkNewAdmin, createAdmin } from '../admin/admin-users';
import { FactorResetError, checkTotpSecret, enrolTotpSecret } from '../admin/second-factor';

const USAGE = 'Usage: npm run admin:create -- --email you@example.com --password "at least 12 characters" [--totp-secret BASE32]';

async function main(): Promise<number> {
  let email: string | undefined;
  let password: string | undefined;
  let totpSecret: string | undefined;
  try {
    const options = { email: { type: 'string' }, password: { type: 'string' }, 'totp-secret': { type: 'string' } } as const;
    const { values } = parseArgs({ options, strict: true });
    email = values.email;
    password = values.password;
    totpSecret = values['totp-secret'];
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  if (!email || !password) {
    console.error(`Both --email and --password are required.\n${USAGE}`);
    return 1;
  }
  try {
    // Checked before opening the database, so a typo fails fast.
    checkNewAdmin(email.trim(), password);
    if (totpSecret !== undefined) checkTotpSecret(totpSecret);
    const deps = await openRuntime(loadConfig());
    try {
      const admin = await createAdmin(deps.db, { email, password }, { now: deps.now(), via: 'admin:create command' });
      if (totpSecret) await enrolTotpSecret(deps.db, admin, totpSecret, deps.now());
      console.log(`Admin created: ${admin.email} (id ${admin.id})`);
      return 0;
    } finally {
      await deps.database.close();
    }
  } catch (err) {
    if (err instanceof AdminCreateError || err instanceof ConfigError || err instanceof FactorResetError) {
      console.error(err.message);
      return 1;
    }
    console.error(`Could not create the admin: ${(err as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
