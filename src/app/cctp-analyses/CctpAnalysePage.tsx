import { useEffect, useMemo } from 'react';
import { useParams } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { cctpAnalysisMachine, type CctpAnalysis, type CctpAnalysisSummary } from '../../machines/cctp-analysis.machine';
import { analysisStatus } from '../../machines/analysis-run.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { CctpAnalysisView, type CctpRequirement } from '../../ui/cctp-analyses/CctpAnalysisView';
import type { Tender } from '../../ui/tenders/TenderDetailsView';
import { TenderGuard } from '../tenders/TenderGuard';
import { runOperation } from '../run-operation';
import { useServices } from '../services';
import { useAnnounce } from '../notifications';
import { useOnSuccess, useRequest } from '../use-request';
import type { CctpRequirementChange } from './calls';
import { useSourceViewer } from '../tender-docs/use-source-viewer';

const requirementMachine = createRequestMachine<CctpRequirementChange, CctpRequirement>('updateCctpRequirement');
const membersMachine = createRequestMachine<{ companyId: string }, { _id: string; username: string }[]>('listCompanyMembers');

/** The analysis with one requirement replaced, and its coverage counted again. */
export function withRequirement(analysis: CctpAnalysis, requirement: CctpRequirement): CctpAnalysis {
  const requirements = analysis.requirements.map((r) => (r._id === requirement._id ? requirement : r));
  const count = (status: CctpRequirement['status']) => requirements.filter((r) => r.status === status).length;
  return { ...analysis, requirements, coverage: { total: requirements.length, covered: count('covered'), notApplicable: count('not_applicable'), todo: count('todo') } };
}

// The route keeps the spec's parameter name; it is the tender's id (docs/decisions.md).
export default function CctpAnalysePage() {
  const { tenderCallId = '' } = useParams<{ tenderCallId: string }>();
  return (
    <TenderGuard id={tenderCallId} feature="cctp">
      {(tender) => <CctpAnalysis key={tender._id} tender={tender} />}
    </TenderGuard>
  );
}

function CctpAnalysis({ tender }: { tender: Tender }) {
  const { operations } = useServices();
  const { i18n } = useTranslation();
  const announce = useAnnounce();
  const logic = useMemo(
    () =>
      cctpAnalysisMachine.provide({
        actors: {
          listRuns: fromPromise<{ history: CctpAnalysisSummary[]; current: CctpAnalysis | null }, { tenderId: string }>(
            async ({ input, signal }) => (await runOperation(operations.listCctpAnalyses, input, signal)).data,
          ),
          createRun: fromPromise<CctpAnalysis, { tenderId: string }>(async ({ input, signal }) => (await runOperation(operations.createCctpAnalysis, input, signal)).data),
          getRun: fromPromise<CctpAnalysis, { id: string }>(async ({ input, signal }) => (await runOperation(operations.getCctpAnalysis, input, signal)).data),
        },
        actions: { announceFinished: (_, { status }) => announce(i18n.t(status === 'done' ? 'a11y-cctp_analysis_done' : 'a11y-cctp_analysis_failed')) },
      }),
    [operations, i18n, announce],
  );
  const ref = useActorRef(logic, { input: { tenderId: tender._id } });
  const snapshot = useSelector(ref, (s) => s);
  const { current, history } = snapshot.context;

  const members = useRequest(membersMachine, operations.listCompanyMembers);
  useEffect(() => {
    members.submit({ companyId: tender.company._id });
  }, [tender.company._id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per company

  const change = useRequest(requirementMachine, operations.updateCctpRequirement);
  useOnSuccess(change, ({ data }) => {
    const shown = ref.getSnapshot().context.current;
    if (shown) ref.send({ type: 'analysis.updated', analysis: withRequirement(shown, data) });
  });
  const shownId = current?._id;
  useEffect(() => {
    change.ref.send({ type: 'request.reset' });
  }, [shownId]); // eslint-disable-line react-hooks/exhaustive-deps -- reset when the run changes

  const source = useSourceViewer();

  return (
    <CctpAnalysisView
      tenderId={tender._id}
      status={analysisStatus(snapshot.value as string)}
      analysis={current}
      history={history}
      error={snapshot.context.error?.message ?? null}
      runError={snapshot.context.runError?.message ?? null}
      onRun={() => ref.send({ type: 'analysis.run' })}
      onRetry={() => ref.send({ type: 'analysis.retry' })}
      onSelect={(id) => ref.send({ type: 'analysis.select', id })}
      members={members.data ?? []}
      saving={change.loading ? (change.ref.getSnapshot().context.input?.reqId ?? null) : null}
      saveError={change.error?.message ?? null}
      onChange={(reqId, body) => current && change.submit({ id: current._id, reqId, ...body })}
      onOpenSource={source.open}
      dialogs={source.dialog}
    />
  );
}
