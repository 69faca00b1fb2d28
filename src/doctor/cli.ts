#!/usr/bin/env node
/**
 * The package's `bin` (`npx onramp-checkout doctor <page-url> [--json]`), built to `dist/doctor.js`.
 * Only this file acts on import; `main.ts` holds the command.
 */
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
