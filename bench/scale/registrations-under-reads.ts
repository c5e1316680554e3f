// Registrations keep a share of the machine while reads saturate it (issue 38): 8 clients
// register while this process reads page 1 of the ledger as fast as it can, at the read scenarios'
// connections. The reads alone keep the HTTP thread and the load generator busy, one core each on a
// 2-core machine; the registrations then take turns, two at once, while that thread is saturated
// (write-pacer.ts, decision 0082). Both are set against their quiet rates measured in the same
// run: the registrations' just before (run.ts), the reads' here, just before the two run together.
import { untilQueueDrained } from '../queue-drain';
import { load, type Load } from './measure';
import { registrationRate, type ImagePool, type RegistrationRate } from './registrations';
import type { HttpScenario } from './scenarios';

/** The clients that register, as in the quiet 8-client measurement. */
export const SHARE_CLIENTS = 8;
/** Seconds the registrations run under the reads before they are counted (cold image workers aside). */
const WARM_UP_SECONDS = 2;

export interface ShareUnderReads {
  readsQuiet: Load;
  /** The same reads while the 8 clients register. */
  readsUnderRegistrations: Load;
  registrationsUnderReads: RegistrationRate;
}

export async function registrationsUnderReads(
  appUrl: string,
  reads: HttpScenario,
  images: ImagePool,
  o: { connections: number; seconds: number },
): Promise<ShareUnderReads> {
  const readLoad = (seconds: number) =>
    load(`${appUrl}${reads.path}`, { connections: o.connections, seconds, distinctPath: reads.distinctPath });
  // The e-mails and link checks of the registrations before wait for the image work to pause
  // (decision 0074): they would run beside the quiet reads.
  await untilQueueDrained(appUrl);
  const readsQuiet = await readLoad(o.seconds);
  // The reads run from before the registrations' warm-up to the end of their counted window.
  const loaded = readLoad(WARM_UP_SECONDS + o.seconds);
  const registrations = await registrationRate(appUrl, images, SHARE_CLIENTS, { seconds: o.seconds, warmUpSeconds: WARM_UP_SECONDS });
  return { readsQuiet, readsUnderRegistrations: await loaded, registrationsUnderReads: registrations };
}
