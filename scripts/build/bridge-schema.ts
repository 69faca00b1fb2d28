/**
 * `npm run build` step: writes the JSON Schema of the native bridge's messages, generated from the
 * contract's reader (src/contract/read/bridge-message.ts), to `dist/bridge.schema.json` (the
 * package's `onramp-checkout/bridge.schema.json`), for apps that read the messages in Swift, Kotlin
 * or Dart. Each type is closed to extra fields.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { bridgeSchemaDocument } from './bridge-schema-document.js';

const root = resolve(import.meta.dirname, '../..');
mkdirSync(join(root, 'dist'), { recursive: true });
const out = join(root, 'dist/bridge.schema.json');
writeFileSync(out, `${JSON.stringify(bridgeSchemaDocument(), null, 2)}\n`);
console.log(`bridge messages' JSON Schema: ${relative(process.cwd(), out)}`);
