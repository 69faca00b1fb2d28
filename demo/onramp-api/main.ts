/** `npm run sandbox`: starts the sandbox from environment variables and prints how to use it. */
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { startSandbox } from './server.js';

async function main(): Promise<void> {
  const options = loadConfig();
  const sandbox = await startSandbox(options);
  const lines = [
    `Onramp sandbox API      ${sandbox.apiUrl}`,
    `Hosted checkout         ${sandbox.checkoutUrl}`,
    `Answers                 ${sandbox.shapes === 'spec' ? 'spec shapes (only what the spec shows, short ids; SANDBOX_SHAPES=spec)' : "docs/design.md's shapes (SANDBOX_SHAPES=spec for the spec's alone)"}`,
    `Database                ${sandbox.dbPath === ':memory:' ? ':memory: (nothing is kept)' : resolve(sandbox.dbPath)}`,
  ];
  if (sandbox.keysCreated && sandbox.keys) {
    lines.push(
      '',
      'New account created. Its API keys (shown once; only their hashes are stored):',
      `  test secret       ${sandbox.keys.test.secret}`,
      `  test publishable  ${sandbox.keys.test.publishable}`,
      `  live secret       ${sandbox.keys.live.secret}`,
      `  live publishable  ${sandbox.keys.live.publishable}`,
    );
    lines.push(sandbox.keysFile ? `Keys written to ${resolve(sandbox.keysFile)}` : 'Keys were not written to a file.');
  } else {
    lines.push(
      '',
      sandbox.keysFile
        ? `Existing account; its keys are in ${resolve(sandbox.keysFile)}${sandbox.keys ? '' : ' (file missing: create keys with POST /v1/keys or start with a fresh SANDBOX_DB)'}`
        : 'Existing account; keys are not shown again (only their hashes are stored).',
    );
  }
  lines.push(
    '',
    'Test cards: 4242 4242 4242 4242 pays · 4000 0000 0000 0002 is declined · 4000 0000 0000 9995 fails at delivery',
  );
  console.log(lines.join('\n'));

  const stop = (): void => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Sandbox configuration error: ${error.message}`);
  else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(`Sandbox could not start: ${error.message}. Set PORT / CHECKOUT_PORT to free ports.`);
  } else console.error('Sandbox failed to start:', error);
  process.exit(1);
});
