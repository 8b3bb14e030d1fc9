import { and, eq, gte, lte, or } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Database } from '../../db/client';
import { planningTasks, plannings, tenderCalls, tenders } from '../../db/schema';
import { goNoGoFilter } from '../tenders/go-no-go';
import { dayIn, PRODUCT_ZONE } from '../../../rules/calendar';

export type CalendarEvent = components['schemas']['CalendarEvent'];
/** An event with what the feed also writes (the buyer). */
export type FeedEvent = CalendarEvent & { buyer: string };

/** The longest range one request reads: two months and a bit, what a month grid shows with its edges. */
export const MAX_RANGE_DAYS = 62;

const DAY_MS = 86_400_000;

type CallRow = {
  tenderId: string;
  status: CalendarEvent['status'];
  title: string;
  reference: string;
  buyer: string;
  submissionDeadline: Date;
  questionsDeadline: Date | null;
  siteVisitDate: Date | null;
  siteVisitMandatory: boolean;
  deadlineDayOnly: boolean;
  deadlineZone: string | null;
};

/**
 * The company's dated events whose days meet [from, to] (Paris days, both included): each
 * tender's submission deadline (a day when the notice gave no time), questions deadline and site
 * visit, and the tasks and milestones of its planning. `goNoGo` as the tender lists read it
 * (no-go tenders left out unless `all`). Sorted by day, whole days first, then by time.
 */
export async function companyEvents(db: Database, companyId: string, from: string, to: string, goNoGo?: string): Promise<FeedEvent[]> {
  // Instants read with a day's margin each side, then placed on their Paris day exactly.
  const low = new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS);
  const high = new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY_MS);
  const within = (column: typeof tenderCalls.submissionDeadline | typeof tenderCalls.questionsDeadline | typeof tenderCalls.siteVisitDate) => and(gte(column, low), lte(column, high));
  const [calls, tasks] = await Promise.all([
    db
      .select({
        tenderId: tenders.id,
        status: tenders.status,
        title: tenderCalls.title,
        reference: tenderCalls.reference,
        buyer: tenderCalls.buyer,
        submissionDeadline: tenderCalls.submissionDeadline,
        questionsDeadline: tenderCalls.questionsDeadline,
        siteVisitDate: tenderCalls.siteVisitDate,
        siteVisitMandatory: tenderCalls.siteVisitMandatory,
        deadlineDayOnly: tenderCalls.deadlineDayOnly,
        deadlineZone: tenderCalls.deadlineZone,
      })
      .from(tenders)
      .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
      .where(and(eq(tenders.companyId, companyId), goNoGoFilter(goNoGo), or(within(tenderCalls.submissionDeadline), within(tenderCalls.questionsDeadline), within(tenderCalls.siteVisitDate)))),
    db
      .select({
        id: planningTasks.id,
        name: planningTasks.name,
        startDate: planningTasks.startDate,
        endDate: planningTasks.endDate,
        milestone: planningTasks.milestone,
        tenderId: tenders.id,
        status: tenders.status,
        title: tenderCalls.title,
        reference: tenderCalls.reference,
        buyer: tenderCalls.buyer,
      })
      .from(planningTasks)
      .innerJoin(plannings, eq(plannings.id, planningTasks.planningId))
      .innerJoin(tenders, eq(tenders.id, plannings.tenderId))
      .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
      .where(and(eq(plannings.companyId, companyId), eq(tenders.companyId, companyId), goNoGoFilter(goNoGo), lte(planningTasks.startDate, to), gte(planningTasks.endDate, from)))
      .orderBy(planningTasks.position),
  ]);

  const events: (FeedEvent & { sortDay: string; sortTime: string })[] = [];
  const inRange = (day: string) => day >= from && day <= to;
  const base = (row: Pick<CallRow, 'tenderId' | 'status' | 'title' | 'reference' | 'buyer'>) => ({
    tenderId: row.tenderId,
    tenderTitle: row.title,
    reference: row.reference,
    status: row.status,
    buyer: row.buyer,
  });
  for (const row of calls as CallRow[]) {
    const dated: [CalendarEvent['kind'], Date | null][] = [
      ['submission', row.submissionDeadline],
      ['questions', row.questionsDeadline],
      ['site_visit', row.siteVisitDate],
    ];
    for (const [kind, at] of dated) {
      if (!at) continue;
      // A deadline published as a day only is that day, in the zone it was published in.
      const dayOnly = kind === 'submission' && row.deadlineDayOnly;
      const day = dayOnly ? dayIn(at, row.deadlineZone ?? PRODUCT_ZONE) : dayIn(at);
      if (!inRange(day)) continue;
      events.push({
        id: `${kind}-${row.tenderId}`,
        kind,
        start: dayOnly ? day : at.toISOString(),
        end: null,
        allDay: dayOnly,
        title: null,
        mandatory: kind === 'site_visit' && row.siteVisitMandatory,
        ...base(row),
        sortDay: day,
        sortTime: dayOnly ? '' : at.toISOString(),
      });
    }
  }
  for (const task of tasks) {
    events.push({
      id: `${task.milestone ? 'milestone' : 'task'}-${task.id}`,
      kind: task.milestone ? 'milestone' : 'task',
      start: task.startDate,
      end: task.endDate !== task.startDate ? task.endDate : null,
      allDay: true,
      title: task.name,
      mandatory: false,
      ...base(task),
      sortDay: task.startDate,
      sortTime: '',
    });
  }
  events.sort((a, b) => a.sortDay.localeCompare(b.sortDay) || a.sortTime.localeCompare(b.sortTime) || a.id.localeCompare(b.id));
  return events.map(({ sortDay: _day, sortTime: _time, ...event }) => event);
}
