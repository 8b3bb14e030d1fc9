import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { dceAnalysisMachine, type DceAnalysis } from '../../machines/dce-analysis.machine';
import { analysisStatus } from '../../machines/analysis-run.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { DceAnalysisView } from '../../ui/dce-analyses/DceAnalysisView';
import type { DceFactKey } from '../../ui/dce-analyses/DceFactValue';
import { FactEditDialog, type FactEditing } from '../../ui/dce-analyses/FactEditDialog';
import { useSourceViewer } from '../tender-docs/use-source-viewer';
import type { Tender } from '../../ui/tenders/TenderDetailsView';
import { TenderGuard } from '../tenders/TenderGuard';
import { runOperation } from '../run-operation';
import { useServices } from '../services';
import { useAnnounce } from '../notifications';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

const factMachine = createRequestMachine<{ id: string; key: DceFactKey; value?: unknown; confirm?: boolean }, DceAnalysis>('updateDceFact');
const planMachine = createRequestMachine<{ id: string }, { added: number; planningId: string }>('addDceDatesToPlanning');

export default function DceAnalysePage() {
  const { tenderId = '' } = useParams<{ tenderId: string }>();
  return (
    <TenderGuard id={tenderId} feature="dce">
      {(tender) => <DceAnalysis key={tender._id} tender={tender} />}
    </TenderGuard>
  );
}

function DceAnalysis({ tender }: { tender: Tender }) {
  const { operations } = useServices();
  const { i18n } = useTranslation();
  const announce = useAnnounce();
  const toast = useSuccessToast();
  const logic = useMemo(
    () =>
      dceAnalysisMachine.provide({
        actors: {
          listRuns: fromPromise(async ({ input, signal }: { input: { tenderId: string }; signal: AbortSignal }) => {
            const history = (await runOperation(operations.listDceAnalyses, input, signal)).data;
            return { history, current: history[0] ?? null };
          }),
          createRun: fromPromise<DceAnalysis, { tenderId: string }>(async ({ input, signal }) => (await runOperation(operations.createDceAnalysis, input, signal)).data),
          getRun: fromPromise<DceAnalysis, { id: string }>(async ({ input, signal }) => (await runOperation(operations.getDceAnalysis, input, signal)).data),
        },
        actions: { announceFinished: (_, { status }) => announce(i18n.t(status === 'done' ? 'a11y-dce_analysis_done' : 'a11y-dce_analysis_failed')) },
      }),
    [operations, i18n, announce],
  );
  const ref = useActorRef(logic, { input: { tenderId: tender._id } });
  const snapshot = useSelector(ref, (s) => s);
  const { current, history } = snapshot.context;

  const fact = useRequest(factMachine, operations.updateDceFact);
  const [editing, setEditing] = useState<FactEditing | null>(null);
  useOnSuccess(fact, ({ message, data }) => {
    setEditing(null);
    toast(message);
    ref.send({ type: 'analysis.updated', analysis: data });
  });
  const plan = useRequest(planMachine, operations.addDceDatesToPlanning);

  // Another run shown: the previous one's refusals no longer apply.
  const shownId = current?._id;
  useEffect(() => {
    fact.ref.send({ type: 'request.reset' });
    plan.ref.send({ type: 'request.reset' });
  }, [shownId]); // eslint-disable-line react-hooks/exhaustive-deps -- reset when the run changes

  const source = useSourceViewer();

  const confirming = fact.loading && fact.ref.getSnapshot().context.input?.confirm ? (fact.ref.getSnapshot().context.input?.key ?? null) : null;
  return (
    <DceAnalysisView
      tenderId={tender._id}
      status={analysisStatus(snapshot.value as string)}
      analysis={current}
      history={history}
      hasTemplate={tender.tenderCall.dceTemplate !== null}
      error={snapshot.context.error?.message ?? null}
      runError={snapshot.context.runError?.message ?? null}
      onRun={() => ref.send({ type: 'analysis.run' })}
      onRetry={() => ref.send({ type: 'analysis.retry' })}
      onSelect={(id) => ref.send({ type: 'analysis.select', id })}
      onConfirm={(key) => current && fact.submit({ id: current._id, key, confirm: true })}
      onEdit={(key, value) => {
        fact.ref.send({ type: 'request.reset' });
        setEditing({ key, value });
      }}
      confirming={confirming}
      factError={!editing ? (fact.error?.message ?? null) : null}
      onPlanDates={() => current && plan.submit({ id: current._id })}
      planBusy={plan.loading}
      planError={plan.error?.message ?? null}
      planned={plan.succeeded && plan.data ? { message: plan.message ?? '', planningId: plan.data.planningId } : null}
      onOpenSource={source.open}
      dialogs={
        <>
          <FactEditDialog
            editing={editing}
            busy={fact.loading}
            error={editing ? (fact.error?.message ?? null) : null}
            errorDetails={editing ? fact.error?.details : undefined}
            onSave={(key, value) => current && fact.submit({ id: current._id, key, value })}
            onClose={() => setEditing(null)}
          />
          {source.dialog}
        </>
      }
    />
  );
}
