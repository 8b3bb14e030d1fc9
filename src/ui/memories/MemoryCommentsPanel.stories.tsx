import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { CLAIRE, commentDraft, commentRefusal, commentsLoadError, openThread, resolvedThread } from './comment-fixtures';
import { MemoryCommentsPanel } from './MemoryCommentsPanel';

const meta = {
  title: 'Views/Memories/Comments',
  component: MemoryCommentsPanel,
  args: {
    stage: 'ready',
    threads: [openThread, resolvedThread],
    draft: null,
    pending: null,
    error: null,
    canDelete: (thread) => thread.createdBy === CLAIRE._id,
    onRetry: fn(),
    onCreate: fn(),
    onCancel: fn(),
    onReply: fn(),
    onResolve: fn(),
    onDelete: fn(),
    onOpen: fn(),
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
} satisfies Meta<typeof MemoryCommentsPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The memory's threads on their way (the page knows no memory yet, or it was just opened). */
export const Loading: Story = {
  args: { stage: 'loading', threads: [] },
  parameters: { machineStates: ['memoryComments.idle', 'memoryComments.loading'] },
};
/** The section's open thread with its reply; the resolved one folded under the toggle. */
export const Ready: Story = {
  parameters: { machineStates: ['memoryComments.ready'] },
};
/** No thread on this section yet: how to open one. */
export const Empty: Story = {
  args: { threads: [] },
};
/** A passage chosen in the editor: its words and the first comment's form. */
export const Drafting: Story = {
  args: { draft: commentDraft },
};
/** The comment on its way: buttons wait. */
export const Sending: Story = {
  args: { stage: 'sending', draft: commentDraft, pending: { kind: 'create', memoryId: openThread.memoryId, body: { sectionId: commentDraft.sectionId, quote: commentDraft.quote, body: 'À compléter' } } },
  parameters: { machineStates: ['memoryComments.sending'] },
};
/** The server refused the comment: why, under the form, the text kept. */
export const Refused: Story = {
  args: { draft: commentDraft, error: commentRefusal, pending: { kind: 'create', memoryId: openThread.memoryId, body: { sectionId: commentDraft.sectionId, quote: commentDraft.quote, body: 'x' } } },
};
/** The threads could not be read: the reason and a retry. */
export const Failed: Story = {
  args: { stage: 'failed', threads: [], error: commentsLoadError },
  parameters: { machineStates: ['memoryComments.failed'] },
};
