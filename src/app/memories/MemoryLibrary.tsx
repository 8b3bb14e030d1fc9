import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { MemoryLibraryPanel, SaveToLibraryDialog, librarySearchOf, libraryInsertContent, type MemoryLibraryBlock } from '../../ui/memories/MemoryLibraryPanel';
import type { MemorySection } from '../../machines/memory.machine';
import { useServices } from '../services';
import { useList } from '../use-list';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';
import type { LibraryFilters, LibrarySaveSectionInput } from '../library/calls';

const listMachine = createListMachine<MemoryLibraryBlock, LibraryFilters>('listLibraryBlocks', { companyId: '', due: '' });
const saveMachine = createRequestMachine<LibrarySaveSectionInput, MemoryLibraryBlock>('createLibraryBlockFromSection');

/**
 * The library in the memory's side column, for the section shown (the page keys it by section, so
 * each section starts from its own criterion's words): its matching blocks, searched through the
 * list statechart; "insert" hands the block with its source to the editor; "save to library"
 * sends the section's text as it stands now (`content()`: the draft not saved yet included).
 */
export function MemoryLibrary({
  companyId,
  section,
  content,
  onInsert,
}: {
  companyId: string;
  section: MemorySection;
  content: () => Record<string, unknown>;
  onInsert: (content: Record<string, unknown>[]) => void;
}) {
  const { t } = useTranslation();
  const { operations } = useServices();
  const toast = useSuccessToast();
  const list = useList(listMachine, operations.listLibraryBlocks, { filters: { companyId, due: '' }, search: librarySearchOf(section) });
  const [saving, setSaving] = useState(false);
  const save = useRequest(saveMachine, operations.createLibraryBlockFromSection);
  useOnSuccess(save, ({ message }) => {
    setSaving(false);
    toast(message);
    list.reload();
  });
  const close = () => {
    setSaving(false);
    save.ref.send({ type: 'request.reset' });
  };
  return (
    <>
      <MemoryLibraryPanel
        list={list.list}
        search={list.search}
        onSearch={list.onSearch}
        onRetry={list.reload}
        onInsert={(block) => onInsert(libraryInsertContent(block, t('memory-library_source', { title: block.title })))}
        onSave={() => {
          save.ref.send({ type: 'request.reset' });
          setSaving(true);
        }}
      />
      {saving ? (
        <SaveToLibraryDialog
          sectionTitle={section.title}
          busy={save.loading || save.succeeded}
          error={save.error?.message ?? null}
          errorDetails={save.error?.details}
          onClose={close}
          onSubmit={({ title, tags }) => save.submit({ companyId, title, tags, content: content(), sourceSectionId: section._id })}
        />
      ) : null}
    </>
  );
}
