/**
 * ISO 8601 timestamps as a server that speaks the spec may write them, read into epoch ms. The spec
 * says only "string, ISO 8601", so more than `Date.parse`'s one format is accepted: extended and
 * basic forms (`2025-01-15T12:00:00Z`, `20250115T120000Z`), a lower-case `t`/`z`, minutes without
 * seconds, a fraction after `.` or `,` of any length, offsets `Z`, `±hh`, `±hhmm`, `±hh:mm`, and a
 * bare date (midnight). A time without a zone is read as UTC, the API's own clock.
 */
const TIMESTAMP =
  /^(\d{4})-?(\d{2})-?(\d{2})(?:[Tt ](\d{2})(?::?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?)?)?(?:([Zz])|([+-])(\d{2}):?(\d{2})?)?$/;

/** Epoch ms of an ISO 8601 timestamp; `null` when the text is not one (or names an impossible date). */
export function parseTimestamp(text: string): number | null {
  const match = TIMESTAMP.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', , sign, oh = '0', om = '0'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const offset = (Number(oh) * 60 + Number(om)) * (sign === '-' ? -1 : 1);
  // Ranges ISO 8601 allows (hour 24 ends a day; second 60 is a leap second).
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    hour > 24 ||
    minute > 59 ||
    second > 60 ||
    Number(oh) > 23 ||
    Number(om) > 59
  )
    return null;
  const date = Date.UTC(year, month - 1, day);
  if (new Date(date).getUTCDate() !== day) return null;
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'));
  return date + ((hour * 60 + minute - offset) * 60 + second) * 1000 + ms;
}
