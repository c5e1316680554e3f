// Registrations per second in two modes of the server on the same database, in alternating rounds
// (A, B, B, A, A, B, …) after an uncounted warm-up, so a drift of a noisy machine is shared by
// both; each round starts its own server with the mode's settings. Prints each round and the
// ratio of the medians (B ÷ A).
import { stopServer, type ServerStarter } from './bench-server';
import { untilQueueDrained } from './queue-drain';
import { startRegistrations, type ImagePool, type RegistrationOptions } from './scale/registrations';

export interface RoundMode {
  label: string;
  env: NodeJS.ProcessEnv;
  /** Called before the round's server starts. */
  beforeRound?: () => void;
  /** Called once the round's registrations stop, before the server's queue drains. */
  afterRegistrations?: () => void;
  /** Called once the server has run the work the round's registrations caused: a note for the line. */
  afterRound?: () => string;
}

export interface RoundOptions {
  seconds: number;
  clients: number;
  /** Counted rounds of each mode. */
  rounds: number;
  registration?: RegistrationOptions;
  /** Called as each round starts, with the server's address. */
  onServer?: (baseUrl: string) => void;
}

/** A, B, B, A, A, B, …: each mode as often early as late. */
function modeOfRound(round: number): 'a' | 'b' {
  const inQuartet = round % 4;
  return inQuartet === 0 || inQuartet === 3 ? 'a' : 'b';
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

/** Returns the ratio of the medians, B ÷ A. */
export async function compareRegistrationModes(
  startServer: ServerStarter,
  pool: ImagePool,
  modes: { a: RoundMode; b: RoundMode },
  options: RoundOptions,
): Promise<number> {
  const rates = { a: [] as number[], b: [] as number[] };
  const width = Math.max(modes.a.label.length, modes.b.label.length);
  for (let round = 0; round <= options.rounds * 2; round++) {
    const key = round === 0 ? 'a' : modeOfRound(round - 1);
    const mode = modes[key];
    mode.beforeRound?.();
    const { baseUrl, child } = await startServer(mode.env);
    options.onServer?.(baseUrl);
    try {
      const started = performance.now();
      const stream = startRegistrations(baseUrl, pool, options.clients, options.registration);
      await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
      await stream.stop();
      if (stream.failures.length > 0) throw new Error(`registrations failed: ${stream.failures[0]}`);
      const rate = stream.done / ((stream.lastDoneAt - started) / 1000);
      mode.afterRegistrations?.();
      // The round's server runs on until its link checks and e-mails are done (they wait for the
      // registrations to pause), so the next round measures its own registrations alone.
      const drainSeconds = await untilQueueDrained(baseUrl);
      const note = [mode.afterRound?.(), `queue drained in ${drainSeconds.toFixed(0)} s after`].filter(Boolean).join('; ');
      if (round > 0) rates[key].push(rate);
      console.log(
        `  ${(round === 0 ? 'warm-up' : `round ${round}`).padEnd(8)} ${mode.label.padEnd(width)}` +
          `  ${rate.toFixed(1).padStart(6)} registrations/s  (${stream.done} works${note ? `; ${note}` : ''})`,
      );
    } finally {
      await stopServer(child);
    }
  }
  const ratio = median(rates.b) / median(rates.a);
  console.log(`  median ${modes.b.label} ÷ median ${modes.a.label}: ratio ${ratio.toFixed(2)}`);
  return ratio;
}
