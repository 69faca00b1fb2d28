/**
 * `npm run build` step: writes the OpenAPI document generated from the contract to
 * `dist/openapi.json` (the package's `onramp-checkout/openapi.json`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildOpenApiDocument } from '../../src/openapi/document.js';

const root = resolve(import.meta.dirname, '../..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const out = join(root, 'dist/openapi.json');
mkdirSync(join(root, 'dist'), { recursive: true });
writeFileSync(out, `${JSON.stringify(buildOpenApiDocument({ version }), null, 2)}\n`);
console.log(`OpenAPI document: ${relative(process.cwd(), out)}`);
