/**
 * `/demo/native-app`: the widget's page as a wallet app's WebView shows it, with a stand-in for the
 * app's bridge (stand-in-bridge.ts, react-native-webview's `window.ReactNativeWebView`), defined
 * before the widget loads. The widget finds it and posts every event to the app as the contract's
 * JSON message (docs/mobile.md); the page lists each message as the app receives it, newest last,
 * read with the contract's own reader (`readBridgeMessage`) as the app's side reads it. What the app
 * would do with an `open-url` (open it in an in-app browser) is one click away; a `close` says the
 * app would close its view. Every text is set as text: nothing from a message becomes HTML.
 */
import './stand-in-bridge.js';
import '../../../../src/define.js';
import { readBridgeMessage } from '../../../../src/contract/read/bridge-message.js';
import { errorText, openCheckout, type CheckoutConfig } from '../../frameworks/shared/session.js';
import { MOBILE_DOCS_PATH } from '../../server/demo-pages.js';
import { onBridgeMessage } from './stand-in-bridge.js';

const app = document.getElementById('app');
const widgetSlot = document.createElement('div');
const notice = document.createElement('p');
const list = document.createElement('ol');
list.id = 'bridge-messages';
list.className = 'bridge-messages';
const count = document.createElement('p');
count.className = 'muted';
count.setAttribute('role', 'status');

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text = '', className = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

function showCount(): void {
  const n = list.childElementCount;
  count.textContent =
    n === 0 ? 'No message yet: the widget posts ready once it shows the order.' : `${n} message${n === 1 ? '' : 's'}`;
}

/** One message as the app receives it (a JSON string), as an item of the list: its type, whether the contract's reader accepts it, the JSON. */
function showMessage(data: string): void {
  const message = readBridgeMessage(data);
  let json = data;
  try {
    json = JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    /* not JSON: shown as it came */
  }
  const item = element('li');
  item.dataset.type = message?.type ?? 'unknown';
  const title = element('p');
  title.append(
    element('strong', message?.type ?? 'not a message of the contract'),
    element('span', message ? ' · read by readBridgeMessage' : ' · readBridgeMessage refused it', 'muted'),
  );
  item.append(title, element('pre', json));
  if (message?.type === 'open-url') {
    // The app opens it in an in-app browser; here a new tab stands in for one.
    const open = element('a', 'Open it as the app would', 'button-link');
    open.href = message.url;
    open.target = '_blank';
    open.rel = 'noopener';
    item.append(open);
  } else if (message?.type === 'close') {
    item.append(element('p', 'The app would close its view now.', 'muted'));
  }
  list.append(item);
  list.scrollTop = list.scrollHeight;
  showCount();
}

let config: CheckoutConfig | null = null;

function render(): void {
  widgetSlot.replaceChildren();
  if (!config) return;
  const widget = document.createElement('onramp-checkout');
  Object.assign(widget, {
    publishableKey: config.publishableKey,
    clientSecret: config.clientSecret,
    apiBase: config.apiBase,
    checkoutOrigin: config.checkoutOrigin,
    session: config.session,
    redirectUrl: config.redirectUrl,
  });
  widgetSlot.append(widget);
}

/** The order the address names (a reload), else and then a new session. */
async function newSession(fresh = true): Promise<void> {
  config = null;
  notice.className = '';
  notice.textContent = 'Creating a session…';
  render();
  try {
    config = await openCheckout(fresh);
    notice.textContent = '';
  } catch (cause) {
    notice.className = 'form-error';
    notice.textContent = errorText(cause);
  }
  render();
}

function button(label: string, onClick: () => void): HTMLButtonElement {
  const node = element('button', label);
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}

if (app) {
  const about = element('p');
  const docs = element('a', 'docs/mobile.md');
  docs.href = MOBILE_DOCS_PATH;
  about.append(
    'This tab plays the app: before the widget loads, a small script defines ',
    element('code', 'window.ReactNativeWebView = { postMessage }'),
    ', as react-native-webview does. The widget finds it and posts each of its events to it; the list shows every message as the app’s ',
    element('code', 'onMessage'),
    ' receives it. The same messages reach a WKWebView, an Android WebView or Flutter through their own bridge; how to receive them, check where they come from, and what the hosted checkout posts: ',
    docs,
    '.',
  );
  const actions = element('p', '', 'actions');
  actions.append(
    button('New session', () => void newSession()),
    button('Clear the list', () => {
      list.replaceChildren();
      showCount();
    }),
  );
  const messages = element('section', '', 'log');
  messages.setAttribute('aria-labelledby', 'bridge-messages-title');
  const heading = element('h2', 'Messages to the app');
  heading.id = 'bridge-messages-title';
  messages.append(heading, count, list);
  const column = element('div');
  column.append(notice, widgetSlot);
  const layout = element('div', '', 'layout');
  layout.append(column, messages);
  app.append(about, actions, layout);
  showCount();
  onBridgeMessage(showMessage);
  void newSession(false);
}
