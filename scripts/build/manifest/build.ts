/** `npm run build` step: writes the custom-elements manifest to `dist/custom-elements.json`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { analyzeManifest, ROOT } from './analyze.js';

const out = join(ROOT, 'dist/custom-elements.json');
mkdirSync(join(ROOT, 'dist'), { recursive: true });
writeFileSync(out, `${JSON.stringify(await analyzeManifest(), null, 2)}\n`);
console.log(`custom-elements manifest: ${relative(process.cwd(), out)}`);
