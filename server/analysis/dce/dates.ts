// French dates as DCEs write them, turned into ISO date-times with the Europe/Paris offset of
// that very date (no library: Intl knows the zone's rules).

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };
export type DateHit = { wall: WallTime; hasTime: boolean; index: number; length: number };

const MONTHS: Record<string, number> = {
  janvier: 1, janv: 1, fevrier: 2, fevr: 2, fev: 2, mars: 3, avril: 4, avr: 4, mai: 5, juin: 6, juillet: 7, juil: 7,
  aout: 8, septembre: 9, sept: 9, octobre: 10, oct: 10, novembre: 11, nov: 11, decembre: 12, dec: 12,
};
const MONTH_NAMES = Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|');
const WEEKDAY = '(?:(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\\s+)?';
// "à 12:00", "a 16h00", "- 12 h 30", "à 12 heures", ", 17h"
const TIME = `(?:\\s*,?\\s*(?:a|avant|jusqu'a|-|,)?\\s*(\\d{1,2})\\s*(?:h|:|heures?)\\s*(\\d{2})?)?`;
const WRITTEN = new RegExp(`\\b${WEEKDAY}(\\d{1,2})(?:er)?\\s+(${MONTH_NAMES})\\.?\\s+(\\d{4})${TIME}`, 'gd');
const NUMERIC = new RegExp(`\\b${WEEKDAY}(\\d{1,2})\\s*[/.-]\\s*(\\d{1,2})\\s*[/.-]\\s*(\\d{4}|\\d{2})(?!\\d)${TIME}`, 'gd');

// "le 15 juillet à 12h00": no year, so only with a time and a reference date to place it.
const YEARLESS = new RegExp(`\\b${WEEKDAY}(\\d{1,2})(?:er)?\\s+(${MONTH_NAMES})\\.?(?!\\s*\\d)\\s*(?:,?\\s*(?:a|avant|-)\\s*)(\\d{1,2})\\s*(?:h|:|heures?)\\s*(\\d{2})?`, 'g');

// The time given apart from its date, on the next line of a form or a table: "Date : 15/07/2026
// Heure : 15h00", "le 15 juillet 2026 (heure limite : 12 h)".
const LATER_TIME = /^[^.\d]{0,40}?\bheures?(?: limite)?(?: de (?:remise|depot|reception))?\s*:?\s*(\d{1,2})\s*(?:h|:|heures?)\s*(\d{2})?/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function wallOf(day: number, month: number, year: number, hour?: string, minute?: string): { wall: WallTime; hasTime: boolean } | undefined {
  if (year < 100) year += 2000;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || year < 1990 || year > 2100) return undefined;
  const h = hour === undefined ? undefined : Number(hour);
  const m = minute === undefined ? 0 : Number(minute);
  const hasTime = h !== undefined && h <= 23 && m <= 59;
  return { wall: { year, month, day, hour: hasTime ? h : 0, minute: hasTime ? m : 0 }, hasTime };
}

/**
 * Every date in a folded text, with its time when one is written right after it. Given `now`,
 * a date without a year is the first such day from 60 days before `now` on.
 */
export function findDates(folded: string, now?: Date): DateHit[] {
  const hits: DateHit[] = [];
  if (now) {
    YEARLESS.lastIndex = 0;
    for (let m = YEARLESS.exec(folded); m; m = YEARLESS.exec(folded)) {
      const [, d, mo, h, mi] = m;
      const month = MONTHS[mo as string] as number;
      let year = now.getUTCFullYear();
      if (Date.UTC(year, month - 1, Number(d)) < now.getTime() - 60 * 86_400_000) year++;
      const parsed = wallOf(Number(d), month, year, h, mi);
      if (parsed?.hasTime) hits.push({ ...parsed, index: m.index, length: m[0].length });
    }
  }
  for (const re of [WRITTEN, NUMERIC]) {
    re.lastIndex = 0;
    for (let m = re.exec(folded); m; m = re.exec(folded)) {
      const [, d, mo, y, h, mi] = m;
      const month = re === WRITTEN ? MONTHS[mo as string] : Number(mo);
      const parsed = month === undefined ? undefined : wallOf(Number(d), month, Number(y), h, mi);
      if (!parsed) continue;
      if (!parsed.hasTime) {
        const end = (m.indices?.[3]?.[1] ?? m.index + m[0].length);
        const later = LATER_TIME.exec(folded.slice(end, end + 90));
        const timed = later ? wallOf(Number(d), month as number, Number(y), later[1], later[2]) : undefined;
        if (timed?.hasTime) {
          hits.push({ ...timed, index: m.index, length: end + later!.index + later![0].length - m.index });
          continue;
        }
      }
      // A time that is no time ("à 25h") is not part of the match.
      const length = parsed.hasTime ? m[0].length : (m.indices?.[3]?.[1] ?? m.index + m[0].length) - m.index;
      hits.push({ ...parsed, index: m.index, length });
    }
  }
  return hits.sort((a, b) => a.index - b.index);
}

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', timeZoneName: 'longOffset' });

/** Minutes east of UTC in Paris at a UTC instant. */
function parisOffsetAt(utcMs: number): number {
  const name = offsetFormat.formatToParts(new Date(utcMs)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-07-15T12:00:00+02:00" for a Paris wall-clock time. */
export function parisIso(wall: WallTime): string {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The offset in force at that wall time: try the offset an hour either side would give.
  let offset = parisOffsetAt(asUtc - parisOffsetAt(asUtc) * 60_000);
  if (parisOffsetAt(asUtc - offset * 60_000) !== offset) offset = parisOffsetAt(asUtc - offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The wall time `days` days earlier (working days skip Saturdays and Sundays). */
export function daysBefore(wall: WallTime, days: number, workingDays = false): WallTime {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  if (!workingDays) date.setUTCDate(date.getUTCDate() - days);
  else {
    for (let left = days; left > 0; ) {
      date.setUTCDate(date.getUTCDate() - 1);
      const weekday = date.getUTCDay();
      if (weekday !== 0 && weekday !== 6) left--;
    }
  }
  return { ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The wall time back from an ISO string written by parisIso. */
export function wallOfIso(iso: string): WallTime | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4]), minute: Number(m[5]) } : undefined;
}
