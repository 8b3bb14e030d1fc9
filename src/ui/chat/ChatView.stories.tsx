import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { DocumentTextDialog } from '../tender-docs/DocumentTextDialog';
import { extractiveMessage, llmMessage, rcFirstPage, unansweredMessage } from './chat-fixtures';
import { ChatView } from './ChatView';

const meta = {
  title: 'Views/Chat with documents',
  component: ChatView,
  args: {
    status: 'answered',
    mode: 'extractive',
    messages: [extractiveMessage, unansweredMessage],
    pending: null,
    error: null,
    onAsk: fn(),
    onCancel: fn(),
    onRetry: fn(),
    onClear: fn(),
    onOpenCitation: fn(),
    onCopyToNotes: fn(),
    copying: null,
    copyError: null,
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof ChatView>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Without a language model: the documents' own sentences answer, each with its page. */
export const Answered: Story = { parameters: { machineStates: ['chat.answered', 'chat.idle'] } };
export const WithModel: Story = { args: { mode: 'llm', messages: [llmMessage] } };
/** A model is configured but the company's plan leaves it out: the intro says why the answers are extracts. */
export const ModelNotInPlan: Story = { args: { llmNotInPlan: true }, parameters: { machineStates: ['chat.answered'] } };
export const Loading: Story = { args: { status: 'loading', messages: [] }, parameters: { machineStates: ['chat.loading'] } };
export const LoadError: Story = { args: { status: 'loadFailure', messages: [], error: 'Aucune réponse du serveur.' }, parameters: { machineStates: ['chat.loadFailure'] } };
/** A first visit: suggested questions. */
export const Empty: Story = { args: { status: 'idle', messages: [] } };
export const Asking: Story = { args: { status: 'asking', pending: { question: 'Quelles sont les pénalités de retard ?', text: '' } }, parameters: { machineStates: ['chat.answering.asking'] } };
export const Streaming: Story = {
  args: { status: 'streaming', mode: 'llm', messages: [extractiveMessage], pending: { question: llmMessage.question, text: 'Non : la visite des lieux est facultative [1]. Les questions' } },
  parameters: { machineStates: ['chat.answering.streaming'] },
};
export const Failed: Story = { args: { status: 'failed', error: 'Aucune réponse du serveur. Vérifiez votre connexion puis réessayez.' }, parameters: { machineStates: ['chat.failed'] } };
export const Clearing: Story = { args: { status: 'clearing' }, parameters: { machineStates: ['chat.clearing'] } };
export const CopyingToNotes: Story = { args: { copying: extractiveMessage._id } };
/** A citation opened: its page, the passage marked. */
export const CitationOpened: Story = {
  args: {
    dialogs: (
      <DocumentTextDialog
        fileName="RC_2026FCSSA0025 v2.pdf"
        state="loaded"
        error={null}
        parts={[{ entry: null, format: 'pdf', pages: 15 }]}
        page={rcFirstPage}
        highlight={extractiveMessage.citations[0]!.excerpt}
        onNavigate={fn()}
        onRetry={fn()}
        onClose={fn()}
      />
    ),
  },
};
