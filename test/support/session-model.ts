/**
 * A `OnrampSession` of the test session, for tests of the state machine (in Chromium and in Node):
 * one place to follow when the view model gains a field.
 */
import type { SessionStatus } from '../../src/contract/product.js';
import type { OnrampQuote, OnrampSession } from '../../src/core/session-model.js';

export const testQuote: OnrampQuote = {
  cryptoAmount: '0.031',
  exchangeRate: 3150,
  fees: { platform: '1.5', network: '1', processing: '0.5', total: '3' },
  expiresAt: 1_000_000,
};

export function sessionModel(status: SessionStatus, extra: Partial<OnrampSession> = {}): OnrampSession {
  return {
    sessionId: 'ors_abcdefghijklmnop1234',
    status,
    fiatAmount: 10000,
    fiatCurrency: 'USD',
    cryptoCurrency: 'ETH',
    network: 'ethereum',
    walletAddress: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
    quote: testQuote,
    expiresAt: 2_000_000,
    txHash: null,
    completedAt: null,
    redirectUrl: 'https://checkout.example.test/pay/ors_abcdefghijklmnop1234?t=x',
    ...extra,
  };
}
