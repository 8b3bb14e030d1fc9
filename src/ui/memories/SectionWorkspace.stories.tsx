import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { SectionWorkspace } from './SectionWorkspace';
import { memoryConflictError, memorySessionEnded, memoryMineDraft, memoryServerError, memoryTheirs, memoryWritten } from './memory-fixtures';

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

/** Nothing typed (no draft kept in the browser either); no sign-in-again dialog. */
export const Idle: Story = {
  parameters: { machineStates: ['sectionAutosave.idle', 'sectionAutosave.starting', 'reauth.idle'] },
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
/** Someone else saved first, named. */
export const ConflictByColleague: Story = {
  args: { ...Conflict.args, conflictBy: { self: false, name: 'Camille Martin' } },
  parameters: { machineStates: ['sectionAutosave.conflict'] },
};
/** The newer version is the user's own, saved from another tab or device. */
export const ConflictBySelf: Story = {
  args: { ...Conflict.args, conflictBy: { self: true } },
  parameters: { machineStates: ['sectionAutosave.conflict'] },
};
/** The session ended (401): the text waits, kept in the browser, while the user signs in again. */
export const SessionEnded: Story = {
  args: { status: 'unauthorized', draft: memoryMineDraft, error: memorySessionEnded },
  parameters: { machineStates: ['sectionAutosave.unauthorized'] },
};
/** A draft kept in the browser from an earlier visit: restore or discard; the editor shows the saved text. */
export const Recovered: Story = {
  args: { status: 'recovered', kept: memoryMineDraft, onRestore: fn(), onDiscard: fn() },
  parameters: { machineStates: ['sectionAutosave.recovered'] },
};
