/** Formats by locale with `Intl`: money from minor units, crypto exactly from decimal strings. */
import { expect } from '@open-wc/testing';
import { explorerTxUrl, networkName } from './explorer.js';
import { formatCountdown, formatCrypto, formatDateTime, formatFiat, formatMinutesFromNow } from './format.js';

describe('format', () => {
  it('crypto amounts come from the decimal string, with the locale’s separators and no float rounding', () => {
    // 17 significant digits before the point: a float would already have lost the last ones.
    expect(formatCrypto('12345678901234567.123456789', 'ETH', 'de-DE')).to.equal('12.345.678.901.234.567,123456 ETH');
    expect(formatCrypto('12345678901234567.123456789', 'ETH', 'en-US')).to.equal('12,345,678,901,234,567.123456 ETH');
    expect(formatCrypto('1234.5', 'USDC', 'fr-FR')).to.equal('1\u202f234,5 USDC');
    // Truncated, never rounded up: the buyer is never promised more than the amount.
    expect(formatCrypto('0.0999999999', 'ETH', 'en-US')).to.equal('0.099999 ETH');
  });

  it('fiat from integer minor units, as the locale writes the currency', () => {
    expect(formatFiat(123456, 'EUR', 'de-DE')).to.equal('1.234,56\u00a0€');
    expect(formatFiat(123456, 'USD', 'en-US')).to.equal('$1,234.56');
    expect(formatFiat(5, 'GBP', 'en-GB')).to.equal('£0.05');
  });

  it('countdowns in the locale’s digits, dates and relative times with Intl', () => {
    expect(formatCountdown(4 * 60_000 + 59_001, 'en')).to.equal('05:00');
    expect(formatCountdown(65_000, 'ar-EG')).to.equal('٠١:٠٥');
    expect(formatMinutesFromNow(1, 'en')).to.equal('in 1 minute');
    expect(formatMinutesFromNow(1, 'de')).to.equal('in 1 Minute');
    expect(formatDateTime(Date.UTC(2026, 10, 21, 12, 0), 'en-US')).to.match(/^Nov 21, 2026, \d{1,2}:00\s?[AP]M$/);
  });

  it('an asset or network named like an object property is just a name (a server may send any symbol)', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(formatCrypto('1.5', name, 'en-US')).to.equal(`1.5 ${name}`);
      expect(networkName(name)).to.equal(name);
      expect(explorerTxUrl(name, 'live', `0x${'ab'.repeat(32)}`)).to.equal(null);
    }
  });
});
