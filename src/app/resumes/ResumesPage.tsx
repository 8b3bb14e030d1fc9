import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { problemMessage, uploadProblem, type UploadFile, type UploadProblem } from '../../machines/upload-queue.machine';
import type { components } from '../../../openapi/schema';
import { CompanyTabs } from '../../ui/companies/CompanyTabs';
import { ResumesView, type ResumeAddValues, type ResumeRow } from '../../ui/resumes/ResumesView';
import { NotificationsContext } from '../notifications';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';
import { resumeFileUrl, type ResumeCreateInput } from './calls';

/** What a CV may be: the server reads PDF and DOCX (by content; the extension only guides the picker). */
export const RESUME_ACCEPT = '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ERROR_TOAST_MS = 4000;

/** A CV the server would refuse, told before sending it: another type than PDF or DOCX, or too big. */
export function resumeFileProblem(file: UploadFile): UploadProblem | null {
  if (!/\.(pdf|docx)$/i.test(file.name)) return 'type';
  return uploadProblem(file);
}

const listMachine = createListMachine<ResumeRow, { companyId: string }>('listResumes', { companyId: '' });
const createMachine = createRequestMachine<ResumeCreateInput, components['schemas']['Resume']>('createResume');

/** /companies/:id/resumes: the company's staff resumes, searched by name, skill or certification. */
export default function ResumesPage() {
  usePageTitle('resumes-page_title');
  const { id = '' } = useParams<{ id: string }>();
  return <Resumes key={id} companyId={id} />;
}

function Resumes({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const { operations } = useServices();
  const [, navigate] = useLocation();
  const profile = SessionContext.useSelector((s) => s.context.profile);
  const notifications = NotificationsContext.useActorRef();
  const toast = useSuccessToast();
  const list = useList(listMachine, operations.listResumes, { filters: { companyId } });
  const [adding, setAdding] = useState(false);
  const create = useRequest(createMachine, operations.createResume);
  // A new resume opens at once: with a CV, its page shows the reading and then what was read.
  useOnSuccess(create, ({ message, data }) => {
    toast(message);
    navigate(`/resumes/${data._id}`);
  });

  const submit = (values: ResumeAddValues) => {
    const problem = values.file ? resumeFileProblem(values.file) : null;
    if (problem && values.file) {
      notifications.send({ type: 'notify.show', toastType: 'error', message: t('tenderdocs-file_refused', { name: values.file.name, reason: t(problemMessage(problem)) }), duration: ERROR_TOAST_MS });
      return;
    }
    create.submit({ companyId, ...values });
  };

  return (
    <ResumesView
      companyName={profile?.company?._id === companyId ? profile.company.name : null}
      tabs={<CompanyTabs companyId={companyId} active="resumes" />}
      list={list.list}
      search={list.search}
      accept={RESUME_ACCEPT}
      fileUrl={resumeFileUrl}
      onSearch={list.onSearch}
      onPage={list.onPage}
      onRetry={list.reload}
      adding={adding}
      addBusy={create.loading || create.succeeded}
      addError={create.error?.message ?? null}
      addErrorDetails={create.error?.details}
      onAdd={() => {
        create.ref.send({ type: 'request.reset' });
        setAdding(true);
      }}
      onCloseAdd={() => setAdding(false)}
      onSubmitAdd={submit}
    />
  );
}
