// npm run admin:create -- --email E --password P
// Creates an admin account (Argon2id hash) in the database the server uses (DATA_DIR or
// DATABASE_URL). Exit code 1 with a clear message on any problem.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openRuntime } from '../runtime';
import { AdminCreateError, checkNewAdmin, createAdmin } from '../admin/admin-users';

const USAGE = 'Usage: npm run admin:create -- --email you@example.com --password "at least 12 characters"';

async function main(): Promise<number> {
  let email: string | undefined;
  let password: string | undefined;
  try {
    const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } }, strict: true });
    email = values.email;
    password = values.password;
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
    const deps = await openRuntime(loadConfig());
    try {
      const admin = await createAdmin(deps.db, { email, password }, { now: deps.now(), via: 'admin:create command' });
      console.log(`Admin created: ${admin.email} (id ${admin.id})`);
      return 0;
    } finally {
      await deps.database.close();
    }
  } catch (err) {
    if (err instanceof AdminCreateError || err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    console.error(`Could not create the admin: ${(err as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
