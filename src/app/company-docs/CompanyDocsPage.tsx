import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { problemMessage, UPLOAD_ACCEPT, uploadProblem, type UploadFile } from '../../machines/upload-queue.machine';
import { CompanyDocsView, type CompanyDocKind, type CompanyDocRow, type CompanyDocValues } from '../../ui/company-docs/CompanyDocsView';
import { NotificationsContext } from '../notifications';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

type DocumentInput = { kind: CompanyDocKind; title: string; issueDate: string; validUntil: string; file: UploadFile | null };

const listMachine = createListMachine<CompanyDocRow, { companyId: string; kind: string; validity: string }>('listCompanyDocuments', { companyId: '', kind: '', validity: '' });
const addMachine = createRequestMachine<DocumentInput & { companyId: string }, CompanyDocRow>('createCompanyDocument');
const updateMachine = createRequestMachine<DocumentInput & { id: string }, CompanyDocRow>('updateCompanyDocument');
const deleteMachine = createRequestMachine<{ id: string }, null>('deleteCompanyDocument');

const ERROR_TOAST_MS = 4000;

export default function CompanyDocsPage() {
  usePageTitle('companydocs-page_title');
  const { companyId = '' } = useParams<{ companyId: string }>();
  return <CompanyDocs key={companyId} companyId={companyId} />;
}

function CompanyDocs({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const { operations } = useServices();
  const profile = SessionContext.useSelector((s) => s.context.profile);
  const notifications = NotificationsContext.useActorRef();
  const toast = useSuccessToast();
  const list = useList(listMachine, operations.listCompanyDocuments, { filters: { companyId, kind: '', validity: '' } });

  const [form, setForm] = useState<null | { mode: 'add' } | { mode: 'edit'; doc: CompanyDocRow }>(null);
  const create = useRequest(addMachine, operations.createCompanyDocument);
  const update = useRequest(updateMachine, operations.updateCompanyDocument);
  const saved = ({ message }: { message: string }) => {
    setForm(null);
    toast(message);
    list.reload();
  };
  useOnSuccess(create, saved);
  useOnSuccess(update, saved);

  const [deleting, setDeleting] = useState<CompanyDocRow | null>(null);
  const remove = useRequest(deleteMachine, operations.deleteCompanyDocument);
  useOnSuccess(remove, ({ message }) => {
    setDeleting(null);
    toast(message);
    list.reload();
  });

  const active = form?.mode === 'edit' ? update : create;
  const closeForm = () => {
    setForm(null);
    create.ref.send({ type: 'request.reset' });
    update.ref.send({ type: 'request.reset' });
  };
  const submit = (values: CompanyDocValues) => {
    const problem = values.file ? uploadProblem(values.file) : null;
    if (problem && values.file) {
      // The toast names the refused file.
      notifications.send({ type: 'notify.show', toastType: 'error', message: t('tenderdocs-file_refused', { name: values.file.name, reason: t(problemMessage(problem)) }), duration: ERROR_TOAST_MS });
      return;
    }
    if (form?.mode === 'edit') update.submit({ ...values, id: form.doc._id });
    else create.submit({ ...values, companyId });
  };

  return (
    <CompanyDocsView
      companyName={profile?.company?._id === companyId ? profile.company.name : null}
      list={list.list}
      search={list.search}
      filters={{ kind: list.filters.kind, validity: list.filters.validity }}
      accept={UPLOAD_ACCEPT}
      onSearch={list.onSearch}
      onFilter={list.onFilter}
      onPage={list.onPage}
      onRetry={list.reload}
      form={form}
      formBusy={active.loading}
      formError={active.error?.message ?? null}
      onAdd={() => setForm({ mode: 'add' })}
      onEdit={(doc) => setForm({ mode: 'edit', doc })}
      onCloseForm={closeForm}
      onSubmitForm={submit}
      deleting={deleting}
      deleteBusy={remove.loading}
      deleteError={remove.error?.message ?? null}
      onDelete={setDeleting}
      onConfirmDelete={() => deleting && remove.submit({ id: deleting._id })}
      onCancelDelete={() => {
        setDeleting(null);
        remove.ref.send({ type: 'request.reset' });
      }}
    />
  );
}
