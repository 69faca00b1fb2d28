import { expect } from '@open-wc/testing';
import { checkCredentials, checkRedirectUrl, normalizeOrigin } from './config.js';

const PK_TEST = 'onramp_test_pk_abcdefghijklmnop1234';
const PK_LIVE = 'onramp_live_pk_abcdefghijklmnop1234';
const SK_TEST = 'onramp_test_sk_abcdefghijklmnop1234';
const SK_LIVE = 'onramp_live_sk_abcdefghijklmnop1234';
const SECRET = 'ors_abcdefghijklmnop1234_secret_ABCDEFGHIJKLMNOP5678';
const ORIGIN = 'https://checkout.example.test';

function errorCode(key: string | undefined, secret: string | undefined = SECRET): string | null {
  const checked = checkCredentials(key, secret);
  return checked.ok ? null : checked.error.code;
}

describe('checkCredentials', () => {
  it('accepts a test and a live publishable key, deriving the session id', () => {
    const test = checkCredentials(PK_TEST, SECRET);
    expect(test).to.deep.equal({
      ok: true,
      value: {
        publishableKey: PK_TEST,
        clientSecret: SECRET,
        sessionId: 'ors_abcdefghijklmnop1234',
        environment: 'test',
      },
    });
    const live = checkCredentials(PK_LIVE, SECRET);
    expect(live.ok && live.value.environment).to.equal('live');
  });

  it('accepts another brand', () => {
    expect(errorCode('acme_test_pk_abcdefghijklmnop1234')).to.equal(null);
  });

  it('refuses secret keys, test and live, as SECRET_KEY_REFUSED (not recoverable)', () => {
    for (const key of [SK_TEST, SK_LIVE]) {
      const checked = checkCredentials(key, SECRET);
      expect(checked.ok).to.equal(false);
      if (!checked.ok) {
        expect(checked.error.code).to.equal('SECRET_KEY_REFUSED');
        expect(checked.error.recoverable).to.equal(false);
        // The buyer is told the checkout is not set up, not about keys: that is the merchant's cause and fix.
        expect(checked.error.message).not.to.match(/secret|key/i);
      }
    }
  });

  it('refuses malformed secret keys as secret keys too (whitespace-padded, short, odd case)', () => {
    for (const key of [
      ` ${SK_TEST}`,
      `${SK_TEST}\n`,
      `\t${SK_LIVE} `,
      'onramp_test_sk_short',
      'Onramp_live_sk_abcdefghijklmnop1234',
      'sk_onramp_test_sk_',
    ]) {
      expect(errorCode(key), JSON.stringify(key)).to.equal('SECRET_KEY_REFUSED');
    }
  });

  it('refuses a secret key even with a malformed client secret (the key is checked first)', () => {
    expect(errorCode(SK_TEST, 'nope')).to.equal('SECRET_KEY_REFUSED');
  });

  it('refuses missing, empty and malformed publishable keys', () => {
    for (const key of [
      undefined,
      '',
      ' ',
      `${PK_TEST} `,
      ' ' + PK_TEST,
      'onramp_test_pk_',
      'onramp_prod_pk_abcdefghijklmnop1234',
      'onramp_test_xx_abcdefghijklmnop1234',
      'onramp_test_pk_abcdefgh-jklmnop1234',
      SECRET,
    ]) {
      expect(errorCode(key), JSON.stringify(key)).to.equal('INVALID_PUBLISHABLE_KEY');
    }
  });

  it('accepts ids, secrets and keys of any length: docs/design.md fixes none (another server may make 8 characters)', () => {
    for (const [key, secret, sessionId] of [
      ['onramp_test_pk_a', 'ors_1_secret_x', 'ors_1'],
      ['onramp_live_pk_Ab3dEf9h', 'ors_Ab3dEf9h_secret_Zz09aB12', 'ors_Ab3dEf9h'],
      [
        `onramp_test_pk_${'k'.repeat(200)}`,
        `ors_${'s'.repeat(100)}_secret_${'t'.repeat(300)}`,
        `ors_${'s'.repeat(100)}`,
      ],
    ] as const) {
      const checked = checkCredentials(key, secret);
      expect(checked.ok, `${key} ${secret}`).to.equal(true);
      if (checked.ok) expect(checked.value.sessionId).to.equal(sessionId);
    }
    expect(errorCode('onramp_test_sk_a')).to.equal('SECRET_KEY_REFUSED');
    // The spec leaves <brand> open.
    expect(checkCredentials('Acme-Pay_test_pk_x1', 'ors_1_secret_x').ok).to.equal(true);
    expect(errorCode('Acme-Pay_live_sk_x1')).to.equal('SECRET_KEY_REFUSED');
  });

  it('refuses missing and malformed client secrets', () => {
    for (const secret of [
      undefined,
      '',
      'ors_abcdefghijklmnop1234',
      'ors_abcdefghijklmnop1234_secret_',
      'ors__secret_ABCDEFGHIJKLMNOP5678',
      'ors_abc_secret',
      ` ${SECRET}`,
      `${SECRET} `,
      'xyz_abcdefghijklmnop1234_secret_ABCDEFGHIJKLMNOP5678',
      'ors_abcdefghijklmnop1234_secret_ABCDEFGH/JKLMNOP5678',
      PK_TEST,
    ]) {
      const checked = checkCredentials(PK_TEST, secret);
      expect(checked.ok, JSON.stringify(secret)).to.equal(false);
      if (!checked.ok) {
        expect(checked.error.code).to.equal('INVALID_CLIENT_SECRET');
        expect(checked.error.recoverable).to.equal(false);
      }
    }
  });
});

describe('normalizeOrigin', () => {
  it('returns the origin of https and local http URLs', () => {
    expect(normalizeOrigin('https://api.example.test/')).to.equal('https://api.example.test');
    expect(normalizeOrigin('https://API.example.test:443/v1/x')).to.equal('https://api.example.test');
    expect(normalizeOrigin('http://localhost:8787')).to.equal('http://localhost:8787');
    expect(normalizeOrigin('http://127.0.0.1:8787')).to.equal('http://127.0.0.1:8787');
    expect(normalizeOrigin('http://[::1]:8787')).to.equal('http://[::1]:8787');
  });

  it('refuses anything else', () => {
    for (const value of [
      '',
      'api.example.test',
      '//api.example.test',
      'http://api.example.test',
      'ftp://x.test',
      'https://u:p@api.example.test',
      'javascript:alert(1)',
    ]) {
      expect(normalizeOrigin(value), value).to.equal(null);
    }
  });
});

describe('checkRedirectUrl', () => {
  const refused = (url: string, origin = ORIGIN) => {
    const checked = checkRedirectUrl(url, origin);
    return !checked.ok && checked.error.code === 'UNSAFE_REDIRECT_URL' && !checked.error.recoverable;
  };

  it('accepts https on the checkout origin', () => {
    const checked = checkRedirectUrl(`${ORIGIN}/pay/ors_abcdefghijklmnop1234?t=tok`, ORIGIN);
    expect(checked.ok).to.equal(true);
    expect(checked.ok && checked.value.href).to.equal(`${ORIGIN}/pay/ors_abcdefghijklmnop1234?t=tok`);
    expect(checkRedirectUrl(`${ORIGIN}:443/pay/x`, `${ORIGIN}/`).ok).to.equal(true);
    expect(checkRedirectUrl('HTTPS://CHECKOUT.example.test/pay/x', ORIGIN).ok).to.equal(true);
  });

  it('accepts http on localhost and 127.0.0.1 (same origin)', () => {
    expect(checkRedirectUrl('http://localhost:8788/pay/x', 'http://localhost:8788').ok).to.equal(true);
    expect(checkRedirectUrl('http://127.0.0.1:8788/pay/x?t=1', 'http://127.0.0.1:8788').ok).to.equal(true);
  });

  it('refuses javascript:, data:, blob: and relative URLs', () => {
    expect(refused('javascript:alert(document.domain)')).to.equal(true);
    expect(refused('JavaScript:alert(1)//https://checkout.example.test')).to.equal(true);
    expect(refused('data:text/html,<script>alert(1)</script>')).to.equal(true);
    expect(refused(`blob:${ORIGIN}/1234`)).to.equal(true);
    expect(refused('/pay/ors_abcdefghijklmnop1234')).to.equal(true);
    expect(refused('')).to.equal(true);
  });

  it('refuses protocol-relative URLs', () => {
    expect(refused('//evil.test/pay')).to.equal(true);
    expect(refused('//checkout.example.test/pay')).to.equal(true);
  });

  it('refuses credentials in the URL', () => {
    expect(refused('https://ok@evil.test/pay')).to.equal(true);
    expect(refused('https://checkout.example.test@evil.test/pay')).to.equal(true);
    expect(refused('https://user:pass@checkout.example.test/pay')).to.equal(true);
    expect(refused('https://user@checkout.example.test/pay')).to.equal(true);
  });

  it('refuses look-alike hosts', () => {
    for (const url of [
      'https://checkout.example.evil/pay',
      'https://checkout.example.test.evil.test/pay',
      'https://evil-checkout.example.test/pay',
      'https://xcheckout.example.test/pay',
      'https://sub.checkout.example.test/pay',
      'https://checkout.example.test./pay',
    ]) {
      expect(refused(url), url).to.equal(true);
    }
  });

  it('refuses http to a non-local host, and https/http mix-ups', () => {
    expect(refused('http://checkout.example.test/pay')).to.equal(true);
    expect(refused('http://localhost.evil.test/pay', 'http://localhost.evil.test')).to.equal(true);
    expect(refused('https://localhost:8788/pay', 'http://localhost:8788')).to.equal(true);
    expect(refused('http://127.0.0.1:8788/pay', 'http://localhost:8788')).to.equal(true);
  });

  it('refuses a wrong port', () => {
    expect(refused('https://checkout.example.test:8443/pay')).to.equal(true);
    expect(refused('http://localhost:9999/pay', 'http://localhost:8788')).to.equal(true);
  });

  it('refuses everything when the allowed origin itself is unusable', () => {
    expect(refused(`${ORIGIN}/pay`, '')).to.equal(true);
    expect(refused('http://checkout.example.test/pay', 'http://checkout.example.test')).to.equal(true);
    expect(refused(`${ORIGIN}/pay`, 'checkout.example.test')).to.equal(true);
  });
});
