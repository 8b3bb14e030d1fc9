import { useEffect, useState } from 'react';
import { createRequestMachine } from '../../machines/request.machine';
import { emptySavedSearch, type SavedSearch, type SavedSearchesCardProps, type SavedSearchValues } from '../../ui/saved-searches/SavedSearchesCard';
import { useServices } from '../services';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

const listMachine = createRequestMachine<void, { savedSearches: SavedSearch[]; limit: number }>('listSavedSearches');
const createMachine = createRequestMachine<SavedSearchValues, SavedSearch>('createSavedSearch');
const updateMachine = createRequestMachine<Partial<SavedSearchValues> & { id: string }, SavedSearch>('updateSavedSearch');
const toggleMachine = createRequestMachine<Partial<SavedSearchValues> & { id: string }, SavedSearch>('updateSavedSearch');
const deleteMachine = createRequestMachine<{ id: string }, null>('deleteSavedSearch');

const valuesOf = (s: SavedSearch): SavedSearchValues => ({ name: s.name, keywords: s.keywords, cpvCodes: s.cpvCodes, departments: s.departments, regions: s.regions, amountMin: s.amountMin, amountMax: s.amountMax, buyers: s.buyers, alerts: s.alerts });

/**
 * The company's saved searches for the potential tenders page (issue 24): the card's props, and
 * the searches for the list's filter. Every write reloads the list; a deleted search that filtered
 * the list stops filtering it (`onGone`).
 */
export function useSavedSearches(selected: string, onShow: (id: string) => void, onGone: (id: string) => void): SavedSearchesCardProps {
  const { operations } = useServices();
  const toast = useSuccessToast();
  const list = useRequest(listMachine, operations.listSavedSearches);
  const create = useRequest(createMachine, operations.createSavedSearch);
  const update = useRequest(updateMachine, operations.updateSavedSearch);
  const toggle = useRequest(toggleMachine, operations.updateSavedSearch);
  const remove = useRequest(deleteMachine, operations.deleteSavedSearch);
  const [editing, setEditing] = useState<{ id: string | null; initial: SavedSearchValues } | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const { submit: load } = list;
  useEffect(() => load(), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival
  const saved = ({ message }: { message: string }) => {
    setEditing(null);
    toast(message);
    load();
  };
  useOnSuccess(create, saved);
  useOnSuccess(update, saved);
  useOnSuccess(toggle, ({ message }) => {
    toast(message);
    load();
  });
  useOnSuccess(remove, ({ message, input }) => {
    setDeleting(null);
    toast(message);
    if (input.id === selected) onGone(input.id);
    load();
  });
  const form = editing?.id ? update : create;
  return {
    status: list.error ? 'failed' : list.data ? 'ready' : 'loading',
    loadError: list.error?.message ?? null,
    searches: list.data?.savedSearches ?? [],
    limit: list.data?.limit ?? 20,
    onRetry: () => load(),
    selected,
    onShow: (s) => onShow(s._id),
    editing,
    saving: form.loading,
    saveError: form.error?.message ?? null,
    saveErrorDetails: form.error?.details,
    onNew: () => {
      create.ref.send({ type: 'request.reset' });
      setEditing({ id: null, initial: emptySavedSearch });
    },
    onEdit: (s) => {
      update.ref.send({ type: 'request.reset' });
      setEditing({ id: s._id, initial: valuesOf(s) });
    },
    onSave: (values) => (editing?.id ? update.submit({ id: editing.id, ...values }) : create.submit(values)),
    onCloseForm: () => setEditing(null),
    toggling: toggle.loading ? ((toggle.ref.getSnapshot().context.input as { id: string } | null)?.id ?? null) : null,
    onToggleAlerts: (s) => toggle.submit({ id: s._id, alerts: !s.alerts }),
    deleting,
    deleteBusy: remove.loading,
    deleteError: remove.error?.message ?? null,
    onAskDelete: (s) => {
      remove.ref.send({ type: 'request.reset' });
      setDeleting(s);
    },
    onConfirmDelete: () => deleting && remove.submit({ id: deleting._id }),
    onCancelDelete: () => setDeleting(null),
  };
}
