/**
 * A WebView's user script, for a browser driven over classic WebDriver (WebKit here: WebKitWebDriver
 * has no BiDi, so no script runs before a page's own). A WKWebView app injects its message handler
 * into the main frame before the page's scripts; this reverse proxy in front of the hosted checkout
 * does the same: every HTML page it passes on gets, first in its `<head>`, a script from the
 * proxy's own origin (the page's CSP allows `'self'`) that defines the same stand-in bridge the
 * Playwright tests inject (`standInBridgeScript`, test/e2e/native-bridges.ts) and records what it
 * receives in the tab's `sessionStorage`, in order and across the page's reloads, for the test to
 * read (`recorded`). Everything else (the form's POST, the status poll, its redirects) passes
 * through unchanged; a `Location` at the checkout's origin is rewritten to the proxy's.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NativeHostKind } from '../../src/parts/bridge/native-host.js';
import {
  bindingName,
  receivedMessage,
  standInBridgeScript,
  type Posted,
  type Received,
} from '../e2e/native-bridges.js';

const SCRIPT_PATH = '/__webview/bridge.js';
const RECORD_KEY = '__webviewBridgeRecord';

/** What the page's recorder keeps of each message. */
interface Kept extends Posted {
  url: string;
  mainFrame: boolean;
}

export interface WebViewProxy {
  /** `http://127.0.0.1:<port>`: open the checkout's paths here. */
  origin: string;
  /** `url` (at the checkout's origin) through the proxy. */
  through(url: string): string;
  /** Page code: the messages recorded in this tab so far (a JSON array, for `evaluate`). */
  readonly readRecord: string;
  /** The messages `readRecord` returned, as native-bridges.ts records them. */
  recorded(kept: unknown): Received[];
  close(): Promise<void>;
}

/** The recorder the stand-in hands its messages to, then the stand-in itself. */
function bridgeScript(kind: NativeHostKind): string {
  return `(() => {
  if (window !== window.top) return;
  window[${JSON.stringify(bindingName(kind))}] = (payload) => {
    const key = ${JSON.stringify(RECORD_KEY)};
    const kept = JSON.parse(sessionStorage.getItem(key) || '[]');
    kept.push(Object.assign({}, payload, { url: location.href, mainFrame: window === window.top }));
    sessionStorage.setItem(key, JSON.stringify(kept));
  };
})();
${standInBridgeScript(kind)}
`;
}

const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding']);

const withoutHopHeaders = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)));

/** Starts the proxy in front of `target` (the hosted checkout's origin) with the bridge of `kind`. */
export async function startWebViewProxy(target: string, kind: NativeHostKind): Promise<WebViewProxy> {
  const upstream = new URL(target);
  const script = bridgeScript(kind);
  let origin = '';
  const server: Server = createServer((incoming, outgoing) => {
    if (incoming.url === SCRIPT_PATH) {
      outgoing.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      outgoing.end(script);
      return;
    }
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...withoutHopHeaders(incoming.headers), host: upstream.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const headers = withoutHopHeaders(answer.headers);
        if (typeof headers.location === 'string' && headers.location.startsWith(upstream.origin)) {
          headers.location = origin + headers.location.slice(upstream.origin.length);
        }
        if (!String(headers['content-type']).startsWith('text/html')) {
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/<head>/i, `<head>\n<script src="${SCRIPT_PATH}"></script>`);
          const body = Buffer.from(html, 'utf8');
          outgoing.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(body.length) });
          outgoing.end(body);
        });
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    through(url) {
      const at = new URL(url);
      return `${origin}${at.pathname}${at.search}`;
    },
    readRecord: `JSON.parse(sessionStorage.getItem(${JSON.stringify(RECORD_KEY)}) || '[]')`,
    recorded: (kept) =>
      (Array.isArray(kept) ? (kept as Kept[]) : []).map(({ url, mainFrame, ...payload }) =>
        receivedMessage(kind, payload, url, mainFrame),
      ),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
