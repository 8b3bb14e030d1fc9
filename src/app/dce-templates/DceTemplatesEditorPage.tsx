import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { createRequestMachine } from '../../machines/request.machine';
import type { components } from '../../../openapi/schema';
import { DceTemplatesEditorView } from '../../ui/dce-templates/DceTemplatesEditorView';
import type { DceTemplateRow } from '../../ui/dce-templates/DceTemplatesView';
import { useServices } from '../services';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

type Patch = components['schemas']['DceTemplatePatch'];

const getMachine = createRequestMachine<{ id: string }, DceTemplateRow>('getDceTemplate');
const createMachine = createRequestMachine<components['schemas']['DceTemplateInput'], DceTemplateRow>('createDceTemplate');
const updateMachine = createRequestMachine<{ id: string; patch: Patch }, { template: DceTemplateRow; isWarning: boolean }>('updateDceTemplate');

/** /dce-templates/add and /dce-templates/edit/{id}: one form; a template in use asks before it changes. */
export default function DceTemplatesEditorPage() {
  const { id } = useParams<{ id?: string }>();
  usePageTitle(id ? 'dcetemplates-title' : 'dcetemplates-add_title');
  const [, navigate] = useLocation();
  const { operations } = useServices();
  const template = useRequest(getMachine, operations.getDceTemplate);
  const create = useRequest(createMachine, operations.createDceTemplate);
  const update = useRequest(updateMachine, operations.updateDceTemplate);
  const toast = useSuccessToast();
  // The change the server held back because calls use the template, with its explanation.
  const [pending, setPending] = useState<{ patch: Patch; message: string } | null>(null);

  const { submit: load } = template;
  useEffect(() => {
    if (id) load({ id });
  }, [id]); // eslint-disable-line react-hooks/exhaustive-deps -- load again only for another template

  const done = (message: string) => {
    toast(message);
    navigate('/dce-templates');
  };
  useOnSuccess(create, ({ message }) => done(message));
  useOnSuccess(update, ({ message, data, input }) => {
    if (data.isWarning) setPending({ patch: input.patch, message });
    else done(message);
  });

  if (id) {
    if (template.error) {
      if (template.error.status === 404 || template.error.status === 400) return <DceTemplatesEditorView status="notFound" />;
      return <DceTemplatesEditorView status="error" message={template.error.message} onRetry={() => load({ id })} />;
    }
    if (!template.data || template.loading) return <DceTemplatesEditorView status="loading" />;
  }
  const editing = id ? template.data : null;
  const confirming = pending !== null && update.loading;
  return (
    <DceTemplatesEditorView
      status="ready"
      template={editing}
      saving={editing ? update.loading && pending === null : create.loading}
      saveError={(editing ? (pending === null ? update.error?.message : null) : create.error?.message) ?? null}
      saveErrorDetails={editing ? (pending === null ? update.error?.details : undefined) : create.error?.details}
      warning={pending?.message ?? null}
      confirming={confirming}
      confirmError={pending !== null ? (update.error?.message ?? null) : null}
      onSave={(values) => (editing ? update.submit({ id: editing._id, patch: values }) : create.submit(values))}
      onConfirm={() => editing && pending && update.submit({ id: editing._id, patch: { ...pending.patch, confirm: true } })}
      onCancelWarning={() => {
        setPending(null);
        update.ref.send({ type: 'request.reset' });
      }}
    />
  );
}
