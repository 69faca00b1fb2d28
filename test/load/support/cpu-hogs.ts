/**
 * Busy processes beside a load test: a public host is contended (by other work, and by the flood
 * itself), and fairness that holds only on an idle machine does not hold. Each hog spins one core
 * until it is stopped or `maxMs` has passed, so a test that dies without its `after` leaves none
 * spinning for long.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface CpuHogs {
  /** Whether every hog is still spinning (the figures were taken contended). */
  running(): boolean;
  stop(): Promise<void>;
}

export function startCpuHogs(count: number, maxMs: number): CpuHogs {
  const source = `const end = Date.now() + ${maxMs}; while (Date.now() < end);`;
  const hogs: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', source], { stdio: 'ignore' }),
  );
  const exited = hogs.map((hog) => new Promise<void>((resolve) => hog.once('exit', () => resolve())));
  return {
    running: () => hogs.every((hog) => hog.exitCode === null && hog.signalCode === null),
    stop: async () => {
      for (const hog of hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL');
      await Promise.all(exited);
    },
  };
}
