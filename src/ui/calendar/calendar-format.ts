import { addDays, dayIn, PRODUCT_ZONE } from '../../../rules/calendar';
import type { CalendarEvent } from '../../machines/calendar.machine';

/** Intl's locale for the interface language: English dates in the British style (weeks from Monday, day before month). */
export const localeOf = (lang: string) => (lang.startsWith('en') ? 'en-GB' : 'fr-FR');


/** A YYYY-MM-DD day as a Date at noon UTC, for Intl to name it whatever the zone. */
export const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** The days an event is shown on: a timed one on its Paris day (as the server counts it), a task on each day it spans. */
export function eventDays(event: CalendarEvent): string[] {
  if (!event.allDay) return [dayIn(event.start)];
  const days = [event.start];
  const last = event.end ?? event.start;
  // A task spans a few weeks at most; the bound keeps a malformed one from looping.
  for (let day = addDays(event.start, 1); day <= last && days.length < 400; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Events by the days they are shown on, each day's in the order received (by time). */
export function eventsByDay(events: CalendarEvent[]): Map<string, CalendarEvent[]> {
  const map = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    for (const day of eventDays(event)) map.set(day, [...(map.get(day) ?? []), event]);
  }
  // Whole-day entries first, then by time.
  for (const list of map.values()) list.sort((a, b) => Number(b.allDay) - Number(a.allDay) || (a.allDay ? 0 : a.start.localeCompare(b.start)));
  return map;
}

export const KINDS: CalendarEvent['kind'][] = ['submission', 'questions', 'site_visit', 'task', 'milestone'];

/** The catalogue key of an event's kind (a mandatory site visit says so). */
export const kindKey = (event: Pick<CalendarEvent, 'kind' | 'mandatory'>) => (event.kind === 'site_visit' && event.mandatory ? 'calendar-kind_site_visit_mandatory' : `calendar-kind_${event.kind}`);

export const timeOf = (event: CalendarEvent, locale: string) => (event.allDay ? null : new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: PRODUCT_ZONE }).format(new Date(event.start)));

export const fullDay = (day: string, locale: string) => new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(dayDate(day));

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** "Novembre 2026", or the week's days "23–29 nov. 2026". */
export function periodTitle(view: 'month' | 'week', from: string, focus: string, locale: string): string {
  if (view === 'month') return capitalise(new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(dayDate(focus)));
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(dayDate(from), dayDate(addDays(from, 6)));
}

/** Monday … Sunday in the language, long and short. */
export function weekdayNames(locale: string): { long: string; short: string }[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const date = dayDate(addDays('2024-01-01', i));
    return {
      long: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date),
      short: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date),
    };
  });
}
