import { useEffect, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { createRequestMachine } from '../../machines/request.machine';
import { stepperMachine } from '../../machines/stepper.machine';
import { RESPONSE_STEPS, type TenderStatus } from '../../../rules/tender-lifecycle';
import { tenderStatusMachine, type StatusChangedTender } from '../../machines/tender-status.machine';
import type { RequestSuccess } from '../../common/request-result';
import { statusChangeOf, TenderDetailsView, type HistoryEntry, type Loadable, type Tender } from '../../ui/tenders/TenderDetailsView';
import type { components } from '../../../openapi/schema';
import { runOperation } from '../run-operation';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';
import { TenderGoNoGo } from './TenderGoNoGo';
import { TenderNotes } from './TenderNotes';
import { TenderMarket } from './TenderMarket';

type TenderLots = components['schemas']['TenderLots'];
type TenderPatch = components['schemas']['TenderPatch'];

const getMachine = createRequestMachine<{ id: string }, Tender>('getTender');
const historyMachine = createRequestMachine<{ id: string }, HistoryEntry[]>('getTenderStatusHistory');
const lotsMachine = createRequestMachine<{ id: string }, TenderLots>('getTenderLots');
const saveLotsMachine = createRequestMachine<{ id: string; patch: TenderPatch }, Tender>('updateTender');

export default function TenderDetailsPage() {
  usePageTitle('tenderdetails-page_title');
  const { id = '' } = useParams<{ id: string }>();
  const { operations } = useServices();
  const tender = useRequest(getMachine, operations.getTender);
  const { submit: load } = tender;
  useEffect(() => load({ id }), [id]); // eslint-disable-line react-hooks/exhaustive-deps -- load again only for another tender

  if (tender.error) {
    // Another company's tender answers 404 like a missing one; a malformed id 400.
    if (tender.error.status === 404 || tender.error.status === 400) return <TenderDetailsView status="notFound" />;
    return <TenderDetailsView status="error" message={tender.error.message} onRetry={() => load({ id })} />;
  }
  if (!tender.data || tender.loading) return <TenderDetailsView status="loading" />;
  return <LoadedTender key={tender.data._id} initial={tender.data} />;
}

function loadable<T>(request: { loading: boolean; error: { message: string } | null; data: T | null }, retry: () => void): Loadable<T> {
  if (request.error) return { state: 'error', message: request.error.message, onRetry: retry };
  // A reload keeps what was shown until the new answer arrives.
  if (request.data !== null) return { state: 'loaded', data: request.data };
  return { state: 'loading' };
}

function LoadedTender({ initial }: { initial: Tender }) {
  const { operations } = useServices();
  const role = SessionContext.useSelector((s) => s.context.profile?.role);
  const toast = useSuccessToast();
  // The tender as last saved: each write answers with the whole tender.
  const [current, setCurrent] = useState(initial);
  const id = initial._id;

  const history = useRequest(historyMachine, operations.getTenderStatusHistory);
  const lots = useRequest(lotsMachine, operations.getTenderLots);
  const saveLots = useRequest(saveLotsMachine, operations.updateTender);
  const { submit: loadHistory } = history;
  const { submit: loadLots } = lots;
  useEffect(() => {
    loadHistory({ id });
    loadLots({ id });
  }, [id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per tender
  useOnSuccess(saveLots, ({ data }) => setCurrent(data));

  const stepperLogic = useMemo(
    () =>
      stepperMachine.provide({
        actors: {
          saveStep: fromPromise<unknown, { index: number }>(async ({ input, signal }) => {
            const saved = await runOperation(operations.updateTender, { id, patch: { responseStep: input.index } }, signal);
            setCurrent(saved.data);
            return saved;
          }),
        },
      }),
    // Built once per tender (the page is keyed by it); the handlers only call stable functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const stepper = useActorRef(stepperLogic, { input: { count: RESPONSE_STEPS.length, current: initial.responseStep } });
  const stepperSnapshot = useSelector(stepper, (s) => s);

  const statusLogic = useMemo(
    () =>
      tenderStatusMachine.provide({
        actors: {
          updateTender: fromPromise<RequestSuccess<StatusChangedTender>, { id: string; patch: { status: TenderStatus } }>(({ input, signal }) => runOperation(operations.updateTender, input, signal)),
          reopenTender: fromPromise<RequestSuccess<StatusChangedTender>, { id: string; reason: string }>(({ input, signal }) => runOperation(operations.reopenTender, input, signal)),
        },
        actions: {
          statusChanged: (_, { message, tender }) => {
            // The operation answers with the whole tender; the statechart only needs its status.
            const saved = tender as Tender;
            setCurrent(saved);
            // Other statecharts are told after this step, not from inside it.
            queueMicrotask(() => {
              toast(message);
              loadHistory({ id: saved._id });
              stepper.send({ type: 'stepper.sync', current: saved.responseStep });
            });
          },
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  // Reopening a submitted tender is for managers and admins (the server answers 403 to others).
  const status = useActorRef(statusLogic, { input: { id, status: initial.status, canReopen: role === 'admin' || role === 'manager' } });
  const statusSnapshot = useSelector(status, (s) => s);

  const pendingLots = saveLots.loading ? saveLots.ref.getSnapshot().context.input?.patch.answeredLots : undefined;
  const answeredLots = pendingLots ?? current.answeredLots;

  return (
    <TenderDetailsView
      status="loaded"
      tender={current}
      canDceAnalyse={role === 'admin' || role === 'manager'}
      statusChange={statusChangeOf(statusSnapshot)}
      onChooseStatus={(to) => status.send({ type: 'status.choose', to })}
      onConfirmStatus={() => status.send({ type: 'status.confirm' })}
      onCancelStatus={() => status.send({ type: 'status.cancel' })}
      onReopen={() => status.send({ type: 'status.reopen' })}
      onReasonChange={(reason) => status.send({ type: 'status.reason', reason })}
      history={loadable(history, () => loadHistory({ id }))}
      lots={loadable({ ...lots, data: lots.data?.lots ?? null }, () => loadLots({ id }))}
      answeredLots={answeredLots}
      lotsSaving={saveLots.loading}
      lotsError={saveLots.error?.message ?? null}
      onToggleLot={(lot, answered) => {
        const next = answered ? [...answeredLots, lot].sort((a, b) => a - b) : answeredLots.filter((n) => n !== lot);
        saveLots.submit({ id, patch: { answeredLots: next } });
      }}
      stepper={{
        current: stepperSnapshot.context.current,
        saving: stepperSnapshot.hasTag('saving'),
        error: stepperSnapshot.context.error?.message ?? null,
        onNext: () => stepper.send({ type: 'stepper.next' }),
        onPrevious: () => stepper.send({ type: 'stepper.previous' }),
        onGoTo: (index) => stepper.send({ type: 'stepper.goTo', index }),
        onDismissError: () => stepper.send({ type: 'stepper.dismiss' }),
      }}
      notes={<TenderNotes tenderId={id} />}
      market={<TenderMarket call={current.tenderCall} />}
      goNoGo={
        // A go offers the existing start action: the same confirmation and status history.
        <TenderGoNoGo tenderId={id} companyId={current.company._id} status={current.status} canDecide={role === 'admin' || role === 'manager'} onStart={() => status.send({ type: 'status.choose', to: 'in_progress' })} />
      }
    />
  );
}
