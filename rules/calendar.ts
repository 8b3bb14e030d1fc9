// How the product counts days, once for the server and the client. A day is a calendar day in
// the product's time zone (Europe/Paris: French calls publish their dates there, and a team spread
// across zones reads the same day). Days are YYYY-MM-DD strings, and counting them is date
// arithmetic on those strings, never milliseconds divided by 86,400,000 between two instants: that
// division is off by one for an hour of every day around midnight, and by an hour across the
// daylight-saving changes.

export const PRODUCT_ZONE = 'Europe/Paris';

const DAY_MS = 86_400_000;
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(zone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return dayFormat(PRODUCT_ZONE); // an unknown zone name (from a notice) reads as the product's
    }
    dayFormats.set(zone, format);
  }
  return format;
}

/** The day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(at: Date | number | string, zone: string = PRODUCT_ZONE): string {
  return dayFormat(zone).format(typeof at === 'object' ? at : new Date(at));
}

/** Today in the product's time zone. */
export const currentDay = (now: Date | number = Date.now()) => dayIn(now);

const parse = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The day `days` after `day` (before it when negative). */
export const addDays = (day: string, days: number) => new Date(parse(day) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from one day to another (to − from): 1 from a Monday to its Tuesday. */
export const daysBetween = (from: string, to: string) => Math.round((parse(to) - parse(from)) / DAY_MS);

/** Calendar days from today to the day of an instant or a day: 0 today, 1 tomorrow, −1 yesterday. */
export function daysUntil(target: Date | string, now: Date | number = Date.now()): number {
  const day = typeof target === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(target) ? target : dayIn(target);
  return daysBetween(currentDay(now), day);
}

/** The offset of a zone from UTC at an instant, in milliseconds. */
function offsetAt(utcMs: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    .formatToParts(new Date(utcMs))
    .reduce<Record<string, number>>((acc, p) => (p.type === 'literal' ? acc : { ...acc, [p.type]: Number(p.value) }), {});
  const part = (name: string) => parts[name] ?? 0;
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - utcMs;
}

/** The instant a wall clock shows in a zone ("2026-03-29", "12:00" in Paris → 10:00 UTC). */
export function wallClockInstant(day: string, time: string, zone: string = PRODUCT_ZONE): Date {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const wall = parse(day) + h * 3_600_000 + m * 60_000;
  // Twice: the first guess may sit on the other side of a daylight-saving change.
  const first = wall - offsetAt(wall, zone);
  return new Date(wall - offsetAt(first, zone));
}
