import { useState } from 'react';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import type { CompanyRow } from '../../ui/admin/admin-types';
import { AdminCompaniesView, type CompanyEditor } from '../../ui/admin/AdminCompaniesView';
import type { components } from '../../../openapi/schema';
import { useServices } from '../services';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

const companiesMachine = createListMachine<CompanyRow, Record<string, string>>('listCompanies', {});
const createMachine = createRequestMachine<components['schemas']['CompanyInput'], CompanyRow>('createCompany');
const updateMachine = createRequestMachine<{ id: string; patch: components['schemas']['CompanyPatch'] }, CompanyRow>('updateCompany');
const deleteMachine = createRequestMachine<{ id: string }, null>('deleteCompany');

export default function AdminCompaniesPage() {
  usePageTitle('companies-title');
  const { operations } = useServices();
  const companies = useList(companiesMachine, operations.listCompanies);
  const create = useRequest(createMachine, operations.createCompany);
  const update = useRequest(updateMachine, operations.updateCompany);
  const remove = useRequest(deleteMachine, operations.deleteCompany);
  const toast = useSuccessToast();
  const [editor, setEditor] = useState<CompanyEditor | null>(null);
  const [deleting, setDeleting] = useState<CompanyRow | null>(null);

  const saved = ({ message }: { message: string }) => {
    setEditor(null);
    toast(message);
    companies.reload();
  };
  useOnSuccess(create, saved);
  useOnSuccess(update, saved);
  useOnSuccess(remove, ({ message }) => {
    setDeleting(null);
    toast(message);
    companies.reload();
  });

  const saving = editor?.mode === 'edit' ? update : create;
  const closeEditor = () => {
    setEditor(null);
    create.ref.send({ type: 'request.reset' });
    update.ref.send({ type: 'request.reset' });
  };

  return (
    <AdminCompaniesView
      list={companies.list}
      search={companies.search}
      editor={editor}
      editorBusy={saving.loading}
      editorError={saving.error?.message ?? null}
      deleting={deleting}
      deleteBusy={remove.loading}
      deleteError={remove.error?.message ?? null}
      onSearch={companies.onSearch}
      onPage={companies.onPage}
      onRetry={companies.reload}
      onCreate={() => setEditor({ mode: 'create' })}
      onEdit={(company) => setEditor({ mode: 'edit', company })}
      onSave={(values) => (editor?.mode === 'edit' ? update.submit({ id: editor.company._id, patch: values }) : create.submit(values))}
      onCloseEditor={closeEditor}
      onDelete={setDeleting}
      onConfirmDelete={() => deleting && remove.submit({ id: deleting._id })}
      onCancelDelete={() => {
        setDeleting(null);
        remove.ref.send({ type: 'request.reset' });
      }}
    />
  );
}
