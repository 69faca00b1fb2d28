/**
 * The React merchant page: creates a session through its server, renders the widget, logs every
 * event React hands it, and can start a new session or remount the widget (one poller remains).
 */
import { useCallback, useEffect, useState } from 'react';
import { eventLine } from '../../pages/event-summary.js';
import { errorText, openCheckout, type CheckoutConfig } from '../shared/session.js';
import { Checkout, type Binding } from './Checkout.js';

export function App() {
  const [config, setConfig] = useState<CheckoutConfig | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sessionCount, setSessionCount] = useState(0);
  const [mountKey, setMountKey] = useState(0);
  const [binding, setBinding] = useState<Binding>('element');
  const [lines, setLines] = useState<string[]>([]);
  const [delivered, setDelivered] = useState<string | null>(null);

  useEffect(() => {
    // StrictMode runs this twice in development: the first answer is dropped, not shown.
    let current = true;
    setConfig(null);
    setError(null);
    setDelivered(null);
    // The first run shows the order the address names (a return or a reload); "New session" makes one.
    openCheckout(sessionCount > 0).then(
      (created) => current && setConfig(created),
      (cause: unknown) => current && setError(errorText(cause)),
    );
    return () => {
      current = false;
    };
  }, [sessionCount]);

  const onEvent = useCallback((event: Event) => setLines((previous) => [eventLine(event), ...previous]), []);
  const onDelivered = useCallback((txHash: string | null) => setDelivered(txHash ?? 'no transaction hash'), []);

  return (
    <>
      <p className="actions">
        <button type="button" onClick={() => setSessionCount((n) => n + 1)}>
          New session
        </button>
        <button type="button" onClick={() => setMountKey((n) => n + 1)}>
          Remount widget
        </button>
        <label>
          Render with{' '}
          <select value={binding} onChange={(event) => setBinding(event.target.value as Binding)}>
            <option value="element">the element (React 19)</option>
            <option value="wrapper">the @lit/react wrapper</option>
          </select>
        </label>
      </p>
      <div className="layout">
        <div>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          {config ? (
            <Checkout
              key={`${binding}-${mountKey}`}
              binding={binding}
              config={config}
              onEvent={onEvent}
              onDelivered={onDelivered}
            />
          ) : error ? null : (
            <p>Creating a session…</p>
          )}
          {delivered ? <p className="delivered">Delivered: {delivered}</p> : null}
        </div>
        <section className="log" aria-label="Widget events">
          <h2>Events</h2>
          <ol id="event-log">
            {lines.map((line, i) => (
              <li key={lines.length - i}>{line}</li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}
