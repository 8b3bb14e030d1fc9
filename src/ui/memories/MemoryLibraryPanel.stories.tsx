import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { blockDemolition, blockSafety, blockQuality } from '../library/library-fixtures';
import { MemoryLibraryPanel, SaveToLibraryDialog } from './MemoryLibraryPanel';

const loaded = { state: 'loaded' as const, items: [blockSafety, blockDemolition, blockQuality], page: 1, totalPages: 1, count: 3, error: null };

const meta = {
  title: 'Views/Memories/Library',
  component: MemoryLibraryPanel,
  args: {
    list: loaded,
    search: 'sécurité',
    onSearch: fn(),
    onRetry: fn(),
    onInsert: fn(),
    onSave: fn(),
  },
  decorators: [
    (Story) => (
      <div className={css({ p: { base: '3', md: '6' }, bg: 'bg.canvas', minH: '100dvh', maxW: '26rem' })}>
        <main>
          <Story />
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof MemoryLibraryPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The first search (the section's criterion's words) on its way. */
export const Loading: Story = {
  args: { list: { ...loaded, state: 'loading', items: [], count: 0 } },
  parameters: { machineStates: ['list.loading', 'list.debouncing'] },
};
/** The matching blocks: excerpt, tags, the overdue badge, each inserted with one click. */
export const Loaded: Story = {
  parameters: { machineStates: ['list.loaded'] },
};
/** Nothing holds every word of the search. */
export const NoneFound: Story = {
  args: { list: { ...loaded, state: 'empty', items: [], count: 0 }, search: 'cryogénie' },
  parameters: { machineStates: ['list.empty'] },
};
/** The company has no block yet. */
export const EmptyLibrary: Story = {
  args: { list: { ...loaded, state: 'empty', items: [], count: 0 }, search: '' },
};
export const Failed: Story = {
  args: { list: { ...loaded, state: 'failure', items: [], count: 0, error: 'Le serveur ne répond pas. Réessayez dans un instant.' } },
  parameters: { machineStates: ['list.failure'] },
};

const dialogArgs = { sectionTitle: 'Finesse de structuration laser', busy: false, error: null, onSubmit: fn(), onClose: fn() };

/** "Save to library": the title starts as the section's, tags added at will. */
export const SaveDialog: Story = {
  render: () => <SaveToLibraryDialog {...dialogArgs} />,
  parameters: { machineStates: ['request.idle'] },
};
export const SaveSending: Story = {
  render: () => <SaveToLibraryDialog {...dialogArgs} busy />,
  parameters: { machineStates: ['request.loading'] },
};
/** The server refused: its message on top, each field's under its input. */
export const SaveRefused: Story = {
  render: () => (
    <SaveToLibraryDialog
      {...dialogArgs}
      error="La requête contient des données invalides."
      errorDetails={[{ field: 'tags.0', msg: 'Le champ « Étiquettes » doit contenir au plus 60 caractères.' }]}
    />
  ),
  parameters: { machineStates: ['request.failure'] },
};
