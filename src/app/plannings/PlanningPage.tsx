import { useEffect, useMemo } from 'react';
import { useParams } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import type { components } from '../../../openapi/schema';
import { createRequestMachine } from '../../machines/request.machine';
import { conflictChanges, planningMachine, type PlanningConflict } from '../../machines/planning.machine';
import { keyDatesOf } from '../../machines/planning-rules';
import { NotFoundView } from '../../ui/shell/NotFoundView';
import { PlanningView, type PlanningViewProps } from '../../ui/plannings/PlanningView';
import { useServices } from '../services';
import { usePageTitle } from '../use-page-title';
import { useRequest } from '../use-request';

type Tender = components['schemas']['Tender'];

const tenderMachine = createRequestMachine<{ id: string }, Tender>('getTender');

/** /tenders/:id/planning: the tender's response planning, its Gantt chart and its task list. */
export default function PlanningPage() {
  usePageTitle('planning-page_title');
  const { id = '' } = useParams<{ id: string }>();
  const { operations } = useServices();
  const tender = useRequest(tenderMachine, operations.getTender);
  const { submit: loadTender } = tender;
  useEffect(() => loadTender({ id }), [id]); // eslint-disable-line react-hooks/exhaustive-deps -- load again only for another tender

  // Spec section 8: a tender that cannot be reached is the not-found page.
  if (tender.error && (tender.error.status === 404 || tender.error.status === 400)) return <NotFoundView />;
  const data = tender.data?._id === id ? tender.data : null;
  if (!data) {
    const state: PlanningViewProps['tender'] = tender.error ? { state: 'failure', error: tender.error.message } : { state: 'loading' };
    return <PlanningView {...idleProps} tender={state} onRetryTender={() => loadTender({ id })} />;
  }
  // One planning statechart per tender: another tender starts a fresh one.
  return <PlanningBody key={data._id} tender={data} />;
}

const noop = () => undefined;
/** What the view needs while the tender is still loading: nothing to act on yet. */
const idleProps: Omit<PlanningViewProps, 'tender' | 'onRetryTender'> = {
  planning: { state: 'loading' },
  keyDates: [],
  onRetry: noop,
  onCreate: noop,
  onAddTask: noop,
  onReplaceTasks: noop,
  onUpdateTask: noop,
  onDeleteTask: noop,
  onConflictReload: noop,
  onConflictMerge: noop,
};

/** Task names by kind of change, each side against the list the refused draft was drawn from. */
function conflictView(conflict: PlanningConflict): NonNullable<Extract<PlanningViewProps['planning'], { state: 'ready' }>['conflict']> {
  const { theirs, mine } = conflictChanges(conflict);
  const names = (changes: typeof theirs) => ({
    added: changes.added.map((task) => task.name),
    removed: changes.removed.map((task) => task.name),
    changed: changes.changed.map((task) => task.name),
  });
  return { theirs: names(theirs), mine: names(mine) };
}

function PlanningBody({ tender }: { tender: Tender }) {
  const { operations } = useServices();
  const logic = useMemo(
    () =>
      planningMachine.provide({
        actors: {
          getTenderPlanning: operations.getTenderPlanning,
          createPlanning: operations.createPlanning,
          updatePlanning: operations.updatePlanning,
          addPlanningTask: operations.addPlanningTask,
          updatePlanningTask: operations.updatePlanningTask,
          deletePlanningTask: operations.deletePlanningTask,
        },
      }),
    [operations],
  );
  const planning = useActorRef(logic, { input: { tenderId: tender._id } });
  const snapshot = useSelector(planning, (s) => s);
  const { context } = snapshot;
  const call = tender.tenderCall;
  const keyDates = useMemo(
    () => keyDatesOf({ questionsDeadline: call.questionsDeadline, siteVisitDate: call.siteVisit?.date ?? null, submissionDeadline: call.submissionDeadline }),
    [call.questionsDeadline, call.siteVisit?.date, call.submissionDeadline],
  );

  let state: PlanningViewProps['planning'];
  if (snapshot.matches('loading')) state = { state: 'loading' };
  else if (snapshot.matches('loadFailure')) state = { state: 'failure', error: context.error?.message ?? '' };
  else if (snapshot.matches('empty')) state = { state: 'empty', creating: snapshot.matches({ empty: 'creating' }), error: context.error?.message ?? null };
  else {
    state = {
      state: 'ready',
      tasks: context.planning?.tasks ?? [],
      // While a lost update waits for the user's choice, the list is not edited further.
      saving: snapshot.hasTag('saving') || context.conflict !== null,
      error: context.error?.message ?? null,
      success: context.success ? context.message : null,
      conflict: context.conflict ? conflictView(context.conflict) : null,
    };
  }

  return (
    <PlanningView
      tender={{ state: 'loaded', id: tender._id, reference: call.reference, title: call.title }}
      planning={state}
      keyDates={keyDates}
      onRetryTender={noop}
      onRetry={() => planning.send({ type: 'planning.retry' })}
      onCreate={(tasks) => planning.send({ type: 'planning.create', tasks })}
      onAddTask={(task) => planning.send({ type: 'planning.task.add', task })}
      onReplaceTasks={(tasks) => planning.send({ type: 'planning.update', tasks })}
      onUpdateTask={(taskId, updates) => planning.send({ type: 'planning.task.update', taskId, updates })}
      onDeleteTask={(taskId) => planning.send({ type: 'planning.task.delete', taskId })}
      onConflictReload={() => planning.send({ type: 'planning.conflict.reload' })}
      onConflictMerge={() => planning.send({ type: 'planning.conflict.merge' })}
    />
  );
}
