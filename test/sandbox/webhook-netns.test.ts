/**
 * Proof that a delivery whose host resolves to a private address sends nothing, not even a
 * connection attempt: run in a private network namespace (`unshare -n`, only loopback up, 10.0.0.1
 * added to it) so that even a broken check could reach nothing outside, and a listener there counts
 * every connection (netns/private-target.ts). Skipped where namespaces cannot be made.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';

const script = fileURLToPath(new URL('./netns/private-target.ts', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const probe = spawnSync('unshare', ['-n', 'ip', 'link', 'set', 'lo', 'up'], { encoding: 'utf8' });
const unavailable = probe.error
  ? probe.error.message
  : probe.status !== 0
    ? probe.stderr.trim() || `exit ${probe.status}`
    : null;

it(
  'connects nowhere when the host resolves to 10.0.0.1, in its own network namespace',
  { skip: unavailable ? `no network namespace here: ${unavailable}` : false, timeout: 60_000 },
  () => {
    const setup = 'ip link set lo up && ip addr add 10.0.0.1/32 dev lo && exec "$0" --import tsx "$1"';
    const run = spawnSync('unshare', ['-n', 'sh', '-c', setup, process.execPath, script], {
      cwd: root,
      encoding: 'utf8',
      timeout: 50_000,
    });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    const summary = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
      refused: unknown[];
      reached: string[];
    };
    assert.deepEqual(summary.refused, ['could not connect']);
    assert.deepEqual(summary.reached, ['127.0.0.1'], 'only the control endpoint was connected to');
  },
);
