// Demo data of the response planning: the demo company's tender in progress gets the planning a
// bid manager would draw, its key dates as milestones. Written once per tender: a planning that
// exists (even emptied by a user) is left as it is.
import { and, eq } from 'drizzle-orm';
import type { Database } from './client';
import { planningTasks, plannings, tenderCalls, tenders } from './schema';

const DAY = 86_400_000;

/** The calendar day of an instant in Paris, YYYY-MM-DD (the planning's days are Paris days). */
export const parisDay = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const earlier = (a: string, b: string) => (a < b ? a : b);

type Call = { submissionDeadline: Date; questionsDeadline: Date | null; siteVisitDate: Date | null };

/** The tasks, in order, of a response to `call` started on `today`. */
export function demoPlanningTasks(call: Call, today: string) {
  const deposit = parisDay(call.submissionDeadline);
  const visit = call.siteVisitDate ? parisDay(call.siteVisitDate) : undefined;
  const questions = call.questionsDeadline ? parisDay(call.questionsDeadline) : undefined;
  const analysisEnd = earlier(shift(today, 3), shift(deposit, -1));
  const writingEnd = shift(deposit, -3);
  const tasks = [
    { name: 'Analyse du DCE', startDate: earlier(today, analysisEnd), endDate: analysisEnd, done: true },
    ...(visit ? [{ name: 'Visite de site', startDate: visit, endDate: visit, milestone: true }] : []),
    ...(questions ? [{ name: 'Date limite des questions', startDate: questions, endDate: questions, milestone: true }] : []),
    { name: 'Rédaction du mémoire technique', startDate: shift(analysisEnd, 1), endDate: writingEnd },
    { name: 'Chiffrage', startDate: shift(analysisEnd, 1), endDate: writingEnd },
    { name: 'Relecture et signature', startDate: shift(deposit, -2), endDate: shift(deposit, -1) },
    { name: 'Dépôt sur la plateforme', startDate: deposit, endDate: deposit, milestone: true },
  ];
  // A deadline too close for this sequence keeps every task on valid days (end never before start).
  return tasks.map((task) => ({ done: false, milestone: false, ...task, endDate: task.endDate < task.startDate ? task.startDate : task.endDate }));
}

export async function seedDemoPlannings(db: Database, companyId: string): Promise<void> {
  const working = await db
    .select({ tenderId: tenders.id, submissionDeadline: tenderCalls.submissionDeadline, questionsDeadline: tenderCalls.questionsDeadline, siteVisitDate: tenderCalls.siteVisitDate, planningId: plannings.id })
    .from(tenders)
    .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
    .leftJoin(plannings, eq(plannings.tenderId, tenders.id))
    .where(and(eq(tenders.companyId, companyId), eq(tenders.status, 'in_progress')));
  const today = parisDay(new Date());
  for (const tender of working) {
    // Only the plannings the seed can draw sensibly: not yet there, deadline still ahead.
    if (tender.planningId || parisDay(tender.submissionDeadline) <= today) continue;
    await db.transaction(async (tx) => {
      const [planning] = await tx.insert(plannings).values({ tenderId: tender.tenderId, companyId }).returning({ id: plannings.id });
      await tx.insert(planningTasks).values(demoPlanningTasks(tender, today).map((task, position) => ({ ...task, planningId: planning!.id, position })));
    });
  }
}
