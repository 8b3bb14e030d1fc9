// iCalendar (RFC 5545) text for the calendar feed, written here rather than with a library: the
// feed needs a dozen properties, TEXT escaping and line folding, about as many lines as a
// library's setup (docs/decisions.md).

export type IcsDate = { kind: 'instant'; at: Date } | { kind: 'day'; day: string };

export type IcsEvent = {
  uid: string;
  start: IcsDate;
  /** Exclusive end: the day after the last one for days; none for a point in time. */
  end?: IcsDate;
  summary: string;
  description?: string;
  url?: string;
  categories?: string;
  /** An alarm this long before the start, with its text. */
  alarm?: { before: 'P1D'; text: string };
};

export type IcsCalendar = { prodId: string; name: string; events: IcsEvent[]; stamp: Date };

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * One content line folded at 75 octets (RFC 5545 3.1): continuation lines start with a space,
 * which counts in their 75. Never splits a UTF-8 character.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > limit) {
      parts.push(current);
      current = ' ';
      size = 1;
      limit = 75;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n');
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 20261124T113000Z */
export const utcStamp = (at: Date) =>
  `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;

const dateProperty = (name: string, date: IcsDate) => (date.kind === 'instant' ? `${name}:${utcStamp(date.at)}` : `${name};VALUE=DATE:${date.day.replace(/-/g, '')}`);

export function renderCalendar(calendar: IcsCalendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${calendar.prodId}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${escapeText(calendar.name)}`, `NAME:${escapeText(calendar.name)}`];
  const stamp = utcStamp(calendar.stamp);
  for (const event of calendar.events) {
    lines.push('BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${stamp}`, dateProperty('DTSTART', event.start));
    if (event.end) lines.push(dateProperty('DTEND', event.end));
    lines.push(`SUMMARY:${escapeText(event.summary)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.url) lines.push(`URL;VALUE=URI:${event.url}`);
    if (event.categories) lines.push(`CATEGORIES:${escapeText(event.categories)}`);
    // Deadlines take no time in the agenda: they never show the member as busy.
    lines.push('TRANSP:TRANSPARENT');
    if (event.alarm) lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(event.alarm.text)}`, `TRIGGER:-${event.alarm.before}`, 'END:VALARM');
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
