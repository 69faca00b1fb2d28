/**
 * deploy/ and the hosting steps of docs/hosting.md (issue 25, INFO): the unit caps memory, CPU and
 * tasks and stops a crash loop; Caddy sends HSTS on every site; the settings file is installed 0640; Node is
 * a supported LTS, installed without piping a script into a root shell.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

test('the systemd unit caps memory, CPU and tasks, and limits restarts', () => {
  const unit = read('deploy/onramp-demo.service');
  const [, unitPart = '', servicePart = ''] = /\[Unit\]([^[]*)\[Service\]([^[]*)/.exec(unit) ?? [];
  assert.match(unitPart, /^StartLimitIntervalSec=\d+$/m);
  assert.match(unitPart, /^StartLimitBurst=\d+$/m);
  assert.match(servicePart, /^MemoryMax=\d+[MG]$/m);
  assert.match(servicePart, /^CPUQuota=\d+%$/m);
  assert.match(servicePart, /^TasksMax=\d+$/m);
  // The V8 heap is bounded below MemoryMax.
  const heap = Number(/--max-old-space-size=(\d+)/.exec(servicePart)?.[1]);
  const max = Number(/^MemoryMax=(\d+)M$/m.exec(servicePart)?.[1]);
  assert.ok(heap > 0 && heap < max, `heap ${heap} MB under MemoryMax ${max} MB`);
});

test('Caddy sends Strict-Transport-Security on every site', () => {
  const caddy = read('deploy/Caddyfile');
  const sites = caddy.match(/^\{\$\w+_PUBLIC_URL\} \{[^}]*\}/gm) ?? [];
  assert.equal(sites.length, 3);
  assert.match(caddy, /header Strict-Transport-Security "max-age=\d{8,}/);
  for (const site of sites) assert.match(site, /import hsts/, site);
});

test('the hosting steps of docs/hosting.md: the settings 0640, Node 22 or 24 from a signed repository, no curl | bash', () => {
  const steps = read('docs/hosting.md');
  assert.match(steps, /^## Install on a fresh Debian 12 server$/m, 'docs/hosting.md has its install steps');
  assert.match(steps, /install -m 0640 [^\n]*deploy\/onramp-demo\.env \/etc\/onramp-demo\/env/);
  assert.doesNotMatch(steps, /install -m 06[4-7]4/);
  assert.doesNotMatch(steps, /\|\s*(sudo\s+)?(-E\s+)?(ba)?sh\b/);
  assert.match(
    steps,
    /signed-by=\/etc\/apt\/keyrings\/nodesource\.gpg\] https:\/\/deb\.nodesource\.com\/node_(22|24)\.x/,
  );
  assert.doesNotMatch(steps, /setup_20\.x|node_20\.x/);
});
