// Demo data of the response planning: the demo company's tender in progress gets the planning a
// bid manager would draw, its key dates as milestones. Written once per tender: a planning that
// exists (even emptied by a user) is left as it is.
import { and, eq } from 'drizzle-orm';
import type { Database } from './client';
import { planningTasks, plannings, tenderCalls, tenders } from './schema';
import { addDays, dayIn } from '../../rules/calendar';

const earlier = (a: string, b: string) => (a < b ? a : b);

type Call = { submissionDeadline: Date; questionsDeadline: Date | null; siteVisitDate: Date | null };

/** The tasks, in order, of a response to `call` started on `today`. */
export function demoPlanningTasks(call: Call, today: string) {
  const deposit = dayIn(call.submissionDeadline);
  const visit = call.siteVisitDate ? dayIn(call.siteVisitDate) : undefined;
  const questions = call.questionsDeadline ? dayIn(call.questionsDeadline) : undefined;
  const analysisEnd = earlier(addDays(today, 3), addDays(deposit, -1));
  const writingEnd = addDays(deposit, -3);
  const tasks = [
    { name: 'Analyse du DCE', startDate: earlier(today, analysisEnd), endDate: analysisEnd, done: true },
    ...(visit ? [{ name: 'Visite de site', startDate: visit, endDate: visit, milestone: true }] : []),
    ...(questions ? [{ name: 'Date limite des questions', startDate: questions, endDate: questions, milestone: true }] : []),
    { name: 'Rédaction du mémoire technique', startDate: addDays(analysisEnd, 1), endDate: writingEnd },
    { name: 'Chiffrage', startDate: addDays(analysisEnd, 1), endDate: writingEnd },
    { name: 'Relecture et signature', startDate: addDays(deposit, -2), endDate: addDays(deposit, -1) },
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
  const today = dayIn(new Date());
  for (const tender of working) {
    // Only the plannings the seed can draw sensibly: not yet there, deadline still ahead.
    if (tender.planningId || dayIn(tender.submissionDeadline) <= today) continue;
    await db.transaction(async (tx) => {
      const [planning] = await tx.insert(plannings).values({ tenderId: tender.tenderId, companyId }).returning({ id: plannings.id });
      await tx.insert(planningTasks).values(demoPlanningTasks(tender, today).map((task, position) => ({ ...task, planningId: planning!.id, position })));
    });
  }
}
