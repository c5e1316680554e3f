import { spawnSync } from 'node:child_process';

export interface ToolRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command found on PATH with `input` on stdin; null when the command is not installed. */
export function runTool(command: string, args: string[], input: string): ToolRun | null {
  const result = spawnSync(command, args, { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function hasTool(command: string, versionArg = '--version'): boolean {
  return runTool(command, [versionArg], '') !== null;
}
