/**
 * Exact money arithmetic without floats. Fiat is integer minor units; crypto is a decimal string at
 * the asset's precision. The only floats allowed are the JSON numbers the spec itself uses (fees in
 * major units, `exchange_rate`), and they are converted here through their decimal text.
 */

/** `1234, 2` -> `"12.34"`; negative values keep their sign. */
export function minorToDecimal(minor: bigint | number, digits: number): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = digits > 0 ? `.${text.slice(text.length - digits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * `"12.345", 2` -> `1234n` (truncated toward zero); `null` when the text is not a plain decimal.
 * Accepts the decimal text of a JSON number, so `decimalToMinor(String(12.34), 2)` is exact.
 */
export function decimalToMinor(decimal: string, digits: number): bigint | null {
  const match = DECIMAL_PATTERN.exec(decimal);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const scaled = BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits));
  return sign ? -scaled : scaled;
}

/**
 * A JSON number in major units (such as a fee of `1.23`) to integer minor units, through its
 * shortest decimal text, so no binary rounding creeps in. `null` for non-finite or exponent forms.
 */
export function majorNumberToMinor(value: number, digits: number): number | null {
  if (!Number.isFinite(value)) return null;
  const minor = decimalToMinor(String(value), digits);
  return minor === null ? null : Number(minor);
}

/** Integer minor units to the JSON number in major units the spec shows (`1234` -> `12.34`). */
export function minorToMajorNumber(minor: number, digits: number): number {
  return Number(minorToDecimal(minor, digits));
}

/** Drops trailing zeros of a decimal string (`"1.500000"` -> `"1.5"`, `"2.000"` -> `"2"`). */
export function trimDecimal(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
}

/**
 * The decimal text of a JSON number (`1.5` -> `"1.5"`, `1e-7` -> `"0.0000001"`): its shortest text
 * that reads back as the same number, so a fee sent as a JSON number is shown without binary
 * rounding; exponent forms (below 1e-6) are written out to 20 decimals, more than any currency
 * shows. `null` for NaN, the infinities and magnitudes from 1e21 (no price is that large).
 */
export function numberToDecimal(value: number): string | null {
  const text = String(value);
  return Math.abs(value) < 1e21 ? (text.includes('e') ? trimDecimal(value.toFixed(20)) : text) : null;
}

/** Exact sum of decimal strings (`"1.5" + "2.25"` -> `"3.75"`); `null` when one is not a plain decimal. */
export function addDecimals(values: readonly string[]): string | null {
  const digits = Math.max(0, ...values.map((value) => value.split('.')[1]?.length ?? 0));
  let sum = 0n;
  for (const value of values) {
    const minor = decimalToMinor(value, digits);
    if (minor === null) return null;
    sum += minor;
  }
  return trimDecimal(minorToDecimal(sum, digits));
}
