import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useParams } from 'wouter';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import type { components } from '../../../openapi/schema';
import { CompanyTabs } from '../../ui/companies/CompanyTabs';
import { LibraryView, type LibraryBlockRow, type LibraryBlockValues, type LibraryDialog } from '../../ui/library/LibraryView';
import { NotificationsContext } from '../notifications';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';
import type { LibraryCreateInput, LibraryFilters, LibraryUpdateInput } from './calls';

type Block = components['schemas']['LibraryBlock'];
const ERROR_TOAST_MS = 4000;

const listMachine = createListMachine<LibraryBlockRow, LibraryFilters>('listLibraryBlocks', { companyId: '', due: '' });
const createMachine = createRequestMachine<LibraryCreateInput, Block>('createLibraryBlock');
const updateMachine = createRequestMachine<LibraryUpdateInput, Block>('updateLibraryBlock');
const reviewMachine = createRequestMachine<{ id: string }, Block>('markLibraryBlockReviewed');
const deleteMachine = createRequestMachine<{ id: string }, null>('deleteLibraryBlock');

/** /companies/:id/library: the company's reusable answer blocks, searched in French, flagged when due for review. */
export default function LibraryPage() {
  usePageTitle('library-page_title');
  const { id = '' } = useParams<{ id: string }>();
  return <Library key={id} companyId={id} />;
}

function Library({ companyId }: { companyId: string }) {
  const { operations } = useServices();
  const profile = SessionContext.useSelector((s) => s.context.profile);
  const notifications = NotificationsContext.useActorRef();
  const toast = useSuccessToast();
  const list = useList(listMachine, operations.listLibraryBlocks, { filters: { companyId, due: '' } });

  const [dialog, setDialog] = useState<LibraryDialog>(null);
  const create = useRequest(createMachine, operations.createLibraryBlock);
  const update = useRequest(updateMachine, operations.updateLibraryBlock);
  const saved = ({ message }: { message: string }) => {
    setDialog(null);
    toast(message);
    list.reload();
  };
  useOnSuccess(create, saved);
  useOnSuccess(update, saved);
  const active = dialog?.mode === 'edit' ? update : create;
  // Someone changed the block meanwhile: the list is read again, so reopening starts from theirs.
  const conflict = update.error?.status === 409;
  useEffect(() => {
    if (conflict) list.reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per conflict
  }, [conflict]);
  const closeDialog = () => {
    setDialog(null);
    create.ref.send({ type: 'request.reset' });
    update.ref.send({ type: 'request.reset' });
  };
  const submit = (values: LibraryBlockValues) => {
    if (dialog?.mode === 'edit') update.submit({ ...values, id: dialog.block._id, version: dialog.block.version });
    else create.submit({ ...values, companyId });
  };

  const review = useRequest(reviewMachine, operations.markLibraryBlockReviewed);
  useOnSuccess(review, ({ message }) => {
    toast(message);
    list.reload();
  });
  // A refused review is told in a toast: the row stays as it was.
  const reviewError = review.error?.message ?? null;
  useEffect(() => {
    if (reviewError) notifications.send({ type: 'notify.show', toastType: 'error', message: reviewError, duration: ERROR_TOAST_MS });
  }, [reviewError, notifications]);
  const reviewingId = useSelector(review.ref, (s) => (s.hasTag('loading') ? (s.context.input?.id ?? null) : null));

  const [deleting, setDeleting] = useState<LibraryBlockRow | null>(null);
  const remove = useRequest(deleteMachine, operations.deleteLibraryBlock);
  useOnSuccess(remove, ({ message }) => {
    setDeleting(null);
    toast(message);
    list.reload();
  });

  return (
    <LibraryView
      companyName={profile?.company?._id === companyId ? profile.company.name : null}
      tabs={<CompanyTabs companyId={companyId} active="library" />}
      list={list.list}
      search={list.search}
      due={list.filters.due === 'true'}
      onSearch={list.onSearch}
      onDue={(due) => list.onFilter({ due: due ? 'true' : '' })}
      onPage={list.onPage}
      onRetry={list.reload}
      dialog={dialog}
      saveBusy={active.loading || active.succeeded}
      saveError={active.error?.message ?? null}
      saveErrorDetails={active.error?.details}
      onAdd={() => {
        create.ref.send({ type: 'request.reset' });
        setDialog({ mode: 'add' });
      }}
      onEdit={(block) => {
        update.ref.send({ type: 'request.reset' });
        setDialog({ mode: 'edit', block });
      }}
      onCloseDialog={closeDialog}
      onSubmit={submit}
      reviewingId={reviewingId}
      onReviewed={(block) => review.submit({ id: block._id })}
      deleting={deleting}
      deleteBusy={remove.loading}
      deleteError={remove.error?.message ?? null}
      onDelete={(block) => {
        remove.ref.send({ type: 'request.reset' });
        setDeleting(block);
      }}
      onConfirmDelete={() => deleting && remove.submit({ id: deleting._id })}
      onCancelDelete={() => {
        setDeleting(null);
        remove.ref.send({ type: 'request.reset' });
      }}
    />
  );
}
