/**
 * `npm run build` step: writes the OpenAPI document generated from the contract to
 * `dist/openapi.json` (the package's `onramp-checkout/openapi.json`), and the readable API
 * reference built from it to `dist/api-reference/` (served by the demo at `/docs/api`): Redoc's
 * standalone bundle, self-hosted (Redocly's `build-docs` loads Redoc from its CDN, which a strict CSP
 * and an offline machine refuse), started by a script file of its own so the page needs no inline
 * script.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { buildOpenApiDocument } from '../../demo/onramp-api/openapi/document.js';

const root = resolve(import.meta.dirname, '../..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const document = `${JSON.stringify(buildOpenApiDocument({ version }), null, 2)}\n`;
mkdirSync(join(root, 'dist'), { recursive: true });
const out = join(root, 'dist/openapi.json');
writeFileSync(out, document);
console.log(`OpenAPI document: ${relative(process.cwd(), out)}`);

/** Where the demo serves the reference (demo/shop/server/api-reference.ts). */
const BASE = '/docs/api';
const reference = join(root, 'dist/api-reference');
mkdirSync(reference, { recursive: true });
writeFileSync(join(reference, 'openapi.json'), document);
// Self-hosted means nothing from another origin: the one remote asset of Redoc's bundle, the logo of
// its "API docs by Redocly" link, is drawn from a data: URL instead (the build fails if Redoc changes it).
const REMOTE_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
const LOCAL_LOGO = JSON.stringify(
  `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#d2302c"/></svg>')}`,
);
const redoc = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
if (!redoc.includes(REMOTE_LOGO))
  throw new Error(`Redoc's bundle no longer loads ${REMOTE_LOGO}: check what it fetches from other origins`);
writeFileSync(join(reference, 'redoc.standalone.js'), redoc.replaceAll(REMOTE_LOGO, LOCAL_LOGO));
writeFileSync(
  join(reference, 'init.js'),
  `Redoc.init(${JSON.stringify(`${BASE}/openapi.json`)}, ${JSON.stringify({
    expandResponses: '200,201',
    jsonSampleExpandLevel: 4,
    sortRequiredPropsFirst: true,
    theme: { typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' } } },
  })}, document.getElementById('redoc'));\n`,
);
writeFileSync(
  join(reference, 'index.html'),
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Onramp API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<noscript>This reference needs JavaScript; the document itself is <a href="${BASE}/openapi.json">openapi.json</a>.</noscript>
<div id="redoc"></div>
<script src="${BASE}/redoc.standalone.js"></script>
<script src="${BASE}/init.js"></script>
</body>
</html>
`,
);
console.log(`API reference: ${relative(process.cwd(), reference)}/ (served at ${BASE})`);
