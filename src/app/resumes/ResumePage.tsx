import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resumeMachine, resumeStage } from '../../machines/resume.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { toSlots } from '../../machines/organigramme-slots';
import { ResumeView } from '../../ui/resumes/ResumeView';
import type { ResumeChart } from '../../ui/resumes/ResumeForm';
import { NotificationsContext } from '../notifications';
import { runOperation } from '../run-operation';
import { useServices } from '../services';
import { usePageTitle } from '../use-page-title';
import { useRequest, useSuccessToast } from '../use-request';
import { resumeFileUrl } from './calls';

const membersMachine = createRequestMachine<{ companyId: string }, { _id: string; username: string }[]>('listCompanyMembers');

/** The company's charts, as the positions a resume may name (the chart answer normalised as the chart page does). */
function chartsOf(answer: unknown): ResumeChart[] {
  const slots = toSlots(answer);
  return (['construction', 'normal'] as const).flatMap((kind) => (slots[kind] ? [{ kind, positions: slots[kind].positions.map((p) => ({ _id: p._id, title: p.title })) }] : []));
}

/** /resumes/:id: the resume statechart wired to its operations; the members and charts for the form. */
export default function ResumePage() {
  const { id = '' } = useParams<{ id: string }>();
  return <ResumeScreen key={id} id={id} />;
}

function ResumeScreen({ id }: { id: string }) {
  usePageTitle('resume-page_title');
  const { t } = useTranslation();
  const { operations } = useServices();
  const [, navigate] = useLocation();
  const toast = useSuccessToast();
  const notifications = NotificationsContext.useActorRef();
  const logic = useMemo(
    () =>
      resumeMachine.provide({
        actors: {
          getResume: operations.getResume,
          updateResume: operations.updateResume,
          // The machine hands over the File the user chose (typed by what it reads of it).
          replaceResumeFile: fromPromise(({ input, signal }) => runOperation(operations.replaceResumeFile, input as { id: string; file: File }, signal)),
          deleteResume: operations.deleteResume,
        },
      }),
    [operations],
  );
  const actor = useActorRef(logic, { input: { id } });
  const snapshot = useSelector(actor, (s) => s);
  const stage = resumeStage(snapshot.value);
  const { resume, draft, theirs, error, success } = snapshot.context;
  const companyId = resume?.companyId ?? null;

  const members = useRequest(membersMachine, operations.listCompanyMembers);
  const charts = useMemo(() => createRequestMachine<{ companyId: string }, ResumeChart[]>('getOrganigrammes'), []);
  const chartsOperation = useMemo(
    () => fromPromise<{ message: string; data: ResumeChart[] }, { companyId: string }>(async ({ input, signal }) => ({ message: '', data: chartsOf(await runOperation(operations.getOrganigrammes, input, signal)) })),
    [operations],
  );
  const chartList = useRequest(charts, chartsOperation);
  useEffect(() => {
    if (!companyId) return;
    members.submit({ companyId });
    chartList.submit({ companyId });
  }, [companyId]); // eslint-disable-line react-hooks/exhaustive-deps -- once per company

  // Deleted: a toast, then the company's resumes.
  useEffect(() => {
    if (stage !== 'deleted') return;
    toast(success ?? '');
    if (companyId) navigate(`/companies/${companyId}/resumes`);
  }, [stage]); // eslint-disable-line react-hooks/exhaustive-deps -- once, on entering deleted

  return (
    <ResumeView
      stage={stage}
      resume={resume}
      draft={draft}
      theirs={theirs}
      error={error}
      success={success}
      fileUrl={resumeFileUrl(id)}
      members={members.data ?? []}
      charts={chartList.data ?? []}
      onRetry={() => actor.send({ type: 'resume.retry' })}
      onEdit={() => actor.send({ type: 'resume.edit' })}
      onCancel={() => actor.send({ type: 'resume.cancel' })}
      onSave={(changes) => actor.send({ type: 'resume.save', changes })}
      onTakeTheirs={() => actor.send({ type: 'resume.conflict.takeTheirs' })}
      onKeepMine={() => actor.send({ type: 'resume.conflict.keepMine' })}
      onReplaceFile={(file) => actor.send({ type: 'resume.replaceFile', file })}
      onFileRefused={(key) => notifications.send({ type: 'notify.show', toastType: 'error', message: t(key) })}
      onDelete={() => actor.send({ type: 'resume.delete' })}
      onConfirmDelete={() => actor.send({ type: 'resume.delete.confirm' })}
      onCancelDelete={() => actor.send({ type: 'resume.delete.cancel' })}
      onDismiss={() => actor.send({ type: 'resume.dismiss' })}
    />
  );
}
