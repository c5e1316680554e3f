// Runs the stages of `npm test` as child processes. A stage starts once the stages it needs have
// passed and a place is free (at most `concurrency` at once, of which at most one `heavy`: a stage
// that keeps every core busy; a stage that mostly `waits` on the clock takes no place, one such at a time); a stage marked `alone` waits until
// nothing else runs and then runs by itself. Each stage writes to a log file of its own, printed
// when the stage ends (whole when it failed, its closing lines when it passed), so the output of
// stages that run at once never interleaves. Ends with a table of every stage's time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Lines of a passing stage's log that are printed (its summary). */
const PASSED_TAIL_LINES = 6;

/** Tests passed and failed according to a stage's report; undefined when it wrote none. */
function countTests(report) {
  if (!report || !fs.existsSync(report.file)) return undefined;
  const data = JSON.parse(fs.readFileSync(report.file, 'utf8'));
  if (report.kind === 'vitest') return { passed: data.numPassedTests, failed: data.numFailedTests, total: data.numTotalTests };
  const stats = data.stats ?? {};
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  return { passed, failed: stats.unexpected ?? 0, total: passed + (stats.unexpected ?? 0) + (stats.skipped ?? 0) };
}

function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

function printLog(stage, file, whole) {
  const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
  const shown = whole ? lines : lines.slice(-PASSED_TAIL_LINES);
  console.log(shown.map((line) => `  ${stage.name} │ ${line}`).join('\n'));
}

function printTable(results, wallMs) {
  const rows = results.map((r) => [r.name, r.outcome, r.ms === undefined ? '' : duration(r.ms), r.tests ?? '']);
  const header = ['stage', 'result', 'time', 'tests'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log(`\n${line(header)}\n${line(widths.map((w) => '─'.repeat(w)))}`);
  for (const row of rows) console.log(line(row));
  console.log(`${line(['whole run', '', duration(wallMs), ''])}`);
}

/**
 * Runs `stages` ({ name, command, args, env, needs?, heavy?, waits?, alone?, report? }) and resolves with the tests
 * counted and whether every stage passed. `problems` are failures found before any stage ran.
 */
export async function runStages(stages, { concurrency, problems = [] }) {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-test-logs-'));
  const started = Date.now();
  const results = new Map(stages.map((s) => [s.name, { name: s.name, outcome: 'not run' }]));
  const children = new Set();
  let passed = 0;
  let failed = problems.length;
  for (const problem of problems) console.log(problem);

  const stop = () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    process.exit(130);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  function run(stage) {
    const result = results.get(stage.name);
    result.outcome = 'running';
    const logFile = path.join(logDir, `${stage.name.replace(/\W+/g, '-')}.log`);
    const out = fs.openSync(logFile, 'w');
    const begun = Date.now();
    console.log(`▶ ${stage.name}`);
    return new Promise((resolve) => {
      // A process group of its own, so an interrupted run stops the stage's children too.
      const child = spawn(stage.command, stage.args, { env: stage.env, stdio: ['ignore', out, out], detached: true });
      children.add(child);
      const finish = (code) => {
        children.delete(child);
        fs.closeSync(out);
        result.ms = Date.now() - begun;
        const counted = countTests(stage.report);
        // Errors outside any test (an unhandled rejection) fail a run without failing a test: count
        // them, so the closing line does not read '0 failed' for a red run.
        const stageFailed = code !== 0 || (stage.report && (!counted || counted.total === 0));
        if (counted) {
          passed += counted.passed;
          failed += counted.failed;
          result.tests = `${counted.passed} passed${counted.failed ? `, ${counted.failed} failed` : ''}`;
        }
        if (stageFailed && (!counted || counted.failed === 0)) failed += 1;
        result.outcome = stageFailed ? 'FAILED' : 'passed';
        console.log(`${stageFailed ? '✘' : '✔'} ${stage.name}: ${result.outcome} in ${duration(result.ms)}`);
        printLog(stage, logFile, stageFailed);
        resolve(!stageFailed);
      };
      child.on('error', (err) => {
        fs.writeSync(out, `${err.message}\n`);
        finish(1);
      });
      child.on('exit', (code, signal) => finish(signal ? 1 : (code ?? 1)));
    });
  }

  const waiting = [...stages];
  const running = new Set();
  const outcomeOf = (name) => results.get(name)?.outcome;
  await new Promise((resolveAll) => {
    const schedule = () => {
      for (const stage of [...waiting]) {
        const needs = stage.needs ?? [];
        if (needs.some((n) => ['FAILED', 'skipped'].includes(outcomeOf(n)))) {
          waiting.splice(waiting.indexOf(stage), 1);
          results.get(stage.name).outcome = 'skipped';
          failed += 1;
          console.log(`✘ ${stage.name}: skipped, as ${needs.join(', ')} did not pass`);
          continue;
        }
        if (!needs.every((n) => outcomeOf(n) === 'passed')) continue;
        // A stage that runs alone waits for every other stage, and blocks the ones after it.
        if (stage.alone) {
          const othersPending = waiting.some((s) => !s.alone) || running.size > 0;
          if (othersPending || waiting[0] !== stage) break;
        } else if ([...running].some((s) => s.alone)) break;
        // A stage that mostly waits on the clock (`waits`) takes no place, but only one runs at a
        // time: each starts several server processes, and two at once beside the browser tests and
        // a CPU-bound stage put a load of 12 on a 2-core machine, which made every stage 3-4 times
        // slower and the tests that wait on timers time out.
        else if (stage.waits && [...running].some((s) => s.waits)) continue;
        else if (!stage.waits && [...running].filter((s) => !s.waits).length >= concurrency) continue;
        // One CPU-bound stage at a time: two of them on a 2-core machine take longer together than
        // one after the other, and make the tests that wait on timers time out.
        else if (stage.heavy && [...running].some((s) => s.heavy)) continue;
        waiting.splice(waiting.indexOf(stage), 1);
        running.add(stage);
        void run(stage).then(() => {
          running.delete(stage);
          schedule();
        });
        if (stage.alone) break;
      }
      if (waiting.length === 0 && running.size === 0) resolveAll();
    };
    schedule();
  });

  const ok = [...results.values()].every((r) => r.outcome === 'passed') && problems.length === 0;
  printTable([...results.values()], Date.now() - started);
  fs.rmSync(logDir, { recursive: true, force: true });
  return { passed, failed, ok };
}
