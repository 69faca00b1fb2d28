/**
 * The Angular-style page: the component template
 *
 *   <onramp-checkout [publishableKey]="config.publishableKey" [clientSecret]="config.clientSecret"
 *     [apiBase]="config.apiBase" [checkoutOrigin]="config.checkoutOrigin" [session]="config.session"
 *     (onramp-ready)="log($event)" (onramp-completed)="onCompleted($event)" …></onramp-checkout>
 *
 * rendered the way Angular would: create the element, bind, insert; on destroy, unbind and remove.
 */
import '../../../../src/define.js';
import { eventLine, ONRAMP_EVENTS } from '../../pages/event-summary.js';
import { errorText, openCheckout, type CheckoutConfig } from '../shared/session.js';
import { bind, type Bindings } from './bind.js';

const app = document.getElementById('app');
const widgetSlot = document.createElement('div');
const notice = document.createElement('p');
const delivered = document.createElement('p');
delivered.className = 'delivered';
const eventList = document.createElement('ol');
eventList.id = 'event-log';

let config: CheckoutConfig | null = null;
let destroy: (() => void) | null = null;

function log(event: Event): void {
  const item = document.createElement('li');
  item.textContent = eventLine(event);
  eventList.prepend(item);
}

/** `ngOnDestroy` then a fresh render: the old element leaves (its polling stops), a new one comes. */
function render(): void {
  destroy?.();
  destroy = null;
  widgetSlot.replaceChildren();
  if (!config) return;
  const element = document.createElement('onramp-checkout');
  const events: Bindings['events'] = Object.fromEntries(ONRAMP_EVENTS.map((type) => [type, log]));
  events['onramp-completed'] = (event) => {
    log(event);
    delivered.textContent = `Delivered: ${event.detail.session.txHash ?? 'no transaction hash'}`;
  };
  const unbind = bind(element, {
    properties: {
      publishableKey: config.publishableKey,
      clientSecret: config.clientSecret,
      apiBase: config.apiBase,
      checkoutOrigin: config.checkoutOrigin,
      session: config.session,
      redirectUrl: config.redirectUrl,
    },
    events,
  });
  widgetSlot.append(element);
  destroy = () => {
    unbind();
    element.remove();
  };
}

/** The order the address names on the first load (a return or a reload), else and then a new session. */
async function newSession(fresh = true): Promise<void> {
  config = null;
  delivered.textContent = '';
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
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.addEventListener('click', onClick);
  return element;
}

if (app) {
  const actions = document.createElement('p');
  actions.className = 'actions';
  actions.append(
    button('New session', () => void newSession()),
    button('Remount widget', render),
  );
  const logSection = document.createElement('section');
  logSection.className = 'log';
  logSection.setAttribute('aria-label', 'Widget events');
  const heading = document.createElement('h2');
  heading.textContent = 'Events';
  logSection.append(heading, eventList);
  const column = document.createElement('div');
  column.append(notice, widgetSlot, delivered);
  const layout = document.createElement('div');
  layout.className = 'layout';
  layout.append(column, logSection);
  app.append(actions, layout);
  void newSession(false);
}
