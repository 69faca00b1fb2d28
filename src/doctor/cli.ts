#!/usr/bin/env node
/**
 * The package's `bin` (`npx onramp-checkout doctor <page-url> [--json]`), built to `dist/doctor.js`.
 * Only this file acts on import; `main.ts` holds the command. No top-level await: an entry with one
 * makes the bundler move the modules it shares out of the other entries' chunks (`define.js`).
 */
import { main } from './main.js';

void main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then((status) => {
  process.exitCode = status;
});
