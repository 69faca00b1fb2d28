// Registered before React renders the element, so React sets properties, not attributes.
import 'onramp-checkout/define'
import type {} from 'onramp-checkout/types/react'
import { OnrampCheckout } from 'onramp-checkout/react'
import { useEffect, useState } from 'react'
import { type CheckoutSession, fetchCheckoutSession } from './checkout-session.ts'

/** `?way=wrapper` shows the React wrapper; otherwise the element itself (React 19). */
const way = new URLSearchParams(location.search).get('way') === 'wrapper' ? 'wrapper' : 'element'

export default function App() {
  const [checkout, setCheckout] = useState<CheckoutSession | null>(null)
  const [status, setStatus] = useState('')
  const [problem, setProblem] = useState('')
  useEffect(() => {
    fetchCheckoutSession().then(setCheckout, (error: unknown) => setProblem(String(error)))
  }, [])

  if (problem) return <p role="alert">{problem}</p>
  if (!checkout) return <p>Creating your order…</p>
  const { publishableKey, apiBase, checkoutOrigin, session } = checkout
  return (
    <>
      <h1>Buy crypto ({way})</h1>
      {way === 'wrapper' ? (
        <OnrampCheckout
          publishableKey={publishableKey}
          clientSecret={session.client_secret}
          apiBase={apiBase}
          checkoutOrigin={checkoutOrigin}
          session={session}
          onOnrampStatusChange={(event) => setStatus(event.detail.status)}
        />
      ) : (
        <onramp-checkout
          publishableKey={publishableKey}
          clientSecret={session.client_secret}
          apiBase={apiBase}
          checkoutOrigin={checkoutOrigin}
          session={session}
          ononramp-status-change={(event) => setStatus(event.detail.status)}
        />
      )}
      <p data-testid="app-status">{status}</p>
    </>
  )
}
