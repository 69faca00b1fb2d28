import type { OnrampSessionInput } from 'onramp-checkout'

/** What the merchant's server hands the page: the publishable settings and a session it created. */
export interface CheckoutSession {
  publishableKey: string
  apiBase: string
  checkoutOrigin: string
  session: OnrampSessionInput & { client_secret: string }
}

export async function fetchCheckoutSession(): Promise<CheckoutSession> {
  const answer = await fetch('/api/session', { method: 'POST' })
  if (!answer.ok) throw new Error(`Could not create a session (${answer.status})`)
  return (await answer.json()) as CheckoutSession
}
