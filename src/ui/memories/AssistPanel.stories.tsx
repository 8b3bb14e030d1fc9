import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { AssistPanel } from './AssistPanel';
import { assistFailedError, assistNeedsModelError, assistStreamingText, assistSuggestionText, assistTemplateText } from './assist-fixtures';

const meta = {
  title: 'Views/Memories/Writing assistant',
  component: AssistPanel,
  args: {
    stage: 'idle',
    assist: 'llm',
    scope: { chars: 0, whole: true },
    text: '',
    mode: null,
    error: null,
    language: 'en',
    onLanguage: fn(),
    onAsk: fn(),
    onAccept: fn(),
    onReject: fn(),
    onStop: fn(),
    onRetry: fn(),
    onDismiss: fn(),
  },
  decorators: [
    (Story) => (
      <div className={css({ p: { base: '3', md: '6' }, bg: 'bg.canvas', minH: '100dvh' })}>
        <main>
          <Story />
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof AssistPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

/** With a language model, a passage selected: every action is offered. */
export const Idle: Story = {
  args: { scope: { chars: 64, whole: false } },
  parameters: { machineStates: ['assist.idle'] },
};
/** Without a language model: the draft is a template, the other actions say why they are off. */
export const WithoutModel: Story = {
  args: { assist: 'template' },
  parameters: { machineStates: ['assist.idle'] },
};
/** A model is configured but the company's plan leaves it out: the same template, the sentence names the plan. */
export const ModelNotInPlan: Story = {
  args: { assist: 'template', llmNotInPlan: true },
  parameters: { machineStates: ['assist.idle'] },
};
export const Streaming: Story = {
  args: { stage: 'streaming', text: assistStreamingText },
  parameters: { machineStates: ['assist.streaming'] },
};
export const Suggested: Story = {
  args: { stage: 'suggested', text: assistSuggestionText, mode: 'llm', scope: { chars: 64, whole: false } },
  parameters: { machineStates: ['assist.suggested'] },
};
export const TemplateSuggested: Story = {
  args: { stage: 'suggested', assist: 'template', text: assistTemplateText, mode: 'template' },
  parameters: { machineStates: ['assist.suggested'] },
};
export const Failed: Story = {
  args: { stage: 'failed', error: assistFailedError, scope: { chars: 64, whole: false } },
  parameters: { machineStates: ['assist.failed'] },
};
/** A model action asked where no model is configured (the server's 409). */
export const NeedsModel: Story = {
  args: { stage: 'needsModel', error: assistNeedsModelError, scope: { chars: 64, whole: false } },
  parameters: { machineStates: ['assist.needsModel'] },
};
