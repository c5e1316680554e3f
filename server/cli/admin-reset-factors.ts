// npm run admin:reset-factors -- --email E
// Clears an admin's second factors and recovery codes and ends their sessions, so they enrol
// again at the next sign-in (decision 0068). The only way back for an admin who lost every
// factor: it needs command-line access to the server's database (DATA_DIR or DATABASE_URL).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openRuntime } from '../runtime';
import { FactorResetError, resetAdminFactors } from '../admin/second-factor';

const USAGE = 'Usage: npm run admin:reset-factors -- --email you@example.com';

async function main(): Promise<number> {
  let email: string | undefined;
  try {
    const { values } = parseArgs({ options: { email: { type: 'string' } }, strict: true });
    email = values.email;
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 1;
  }
  if (!email) {
    console.error(`--email is required.\n${USAGE}`);
    return 1;
  }
  try {
    const deps = await openRuntime(loadConfig());
    try {
      const { admin, factors } = await resetAdminFactors(deps.db, email, deps.now());
      console.log(`Second factors cleared for ${admin.email}: ${factors} removed. They set up a new one at the next sign-in.`);
      return 0;
    } finally {
      await deps.database.close();
    }
  } catch (err) {
    if (err instanceof FactorResetError || err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    console.error(`Could not reset the factors: ${(err as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
