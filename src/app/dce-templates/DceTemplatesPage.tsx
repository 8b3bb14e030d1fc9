import { useState } from 'react';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { DceTemplatesView, type DceTemplateRow } from '../../ui/dce-templates/DceTemplatesView';
import { useServices } from '../services';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

const templatesMachine = createListMachine<DceTemplateRow, Record<string, string>>('listDceTemplates', {});
const deleteMachine = createRequestMachine<{ id: string }, null>('deleteDceTemplate');

export default function DceTemplatesPage() {
  usePageTitle('dcetemplates-title');
  const { operations } = useServices();
  const templates = useList(templatesMachine, operations.listDceTemplates);
  const remove = useRequest(deleteMachine, operations.deleteDceTemplate);
  const toast = useSuccessToast();
  const [deleting, setDeleting] = useState<DceTemplateRow | null>(null);

  useOnSuccess(remove, ({ message }) => {
    setDeleting(null);
    toast(message);
    templates.reload();
  });

  return (
    <DceTemplatesView
      list={templates.list}
      search={templates.search}
      deleting={deleting}
      deleteBusy={remove.loading}
      deleteError={remove.error?.message ?? null}
      onSearch={templates.onSearch}
      onPage={templates.onPage}
      onRetry={templates.reload}
      onDelete={setDeleting}
      onConfirmDelete={() => deleting && remove.submit({ id: deleting._id })}
      onCancelDelete={() => {
        setDeleting(null);
        remove.ref.send({ type: 'request.reset' });
      }}
    />
  );
}
