import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { SectionWorkspace } from './SectionWorkspace';
import { memoryConflictError, memoryMineDraft, memoryServerError, memoryTheirs, memoryWritten } from './memory-fixtures';

const meta = {
  title: 'Views/Memories/Section',
  component: SectionWorkspace,
  args: {
    status: 'idle',
    section: memoryWritten,
    draft: null,
    theirs: null,
    error: null,
    revision: 0,
    insert: null,
    onChange: fn(),
    onRetry: fn(),
    onTakeTheirs: fn(),
    onKeepMine: fn(),
  },
  decorators: [
    (Story) => (
      <div
        className={css({
          p: { base: '3', md: '6' },
          bg: 'bg.canvas',
          minH: '100dvh',
        })}
      >
        <main>
          <Story />
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof SectionWorkspace>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  parameters: { machineStates: ['sectionAutosave.idle'] },
};
/** Typed: saved 1.5 s after the last change. */
export const Dirty: Story = {
  args: { status: 'dirty', draft: memoryMineDraft },
  parameters: { machineStates: ['sectionAutosave.dirty'] },
};
export const Saving: Story = {
  args: { status: 'saving' },
  parameters: { machineStates: ['sectionAutosave.saving'] },
};
export const Saved: Story = {
  args: { status: 'saved' },
  parameters: { machineStates: ['sectionAutosave.saved'] },
};
/** Someone saved first: their text and the user's, side by side; the user's kept in the editor. */
export const Conflict: Story = {
  args: {
    status: 'conflict',
    draft: memoryMineDraft,
    theirs: memoryTheirs,
    error: memoryConflictError,
  },
  parameters: { machineStates: ['sectionAutosave.conflict'] },
};
export const Failed: Story = {
  args: { status: 'failed', draft: memoryMineDraft, error: memoryServerError },
  parameters: { machineStates: ['sectionAutosave.failed'] },
};
