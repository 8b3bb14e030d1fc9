import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { inUseWarning, nameRefusal, voirie } from './dce-template-fixtures';
import { DceTemplatesEditorView } from './DceTemplatesEditorView';

const meta: Meta<typeof DceTemplatesEditorView> = {
  title: 'Views/DCE template editor',
  component: DceTemplatesEditorView,
  args: { status: 'loading' },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
};
export default meta;

type Story = StoryObj<typeof DceTemplatesEditorView>;

const ready = {
  status: 'ready' as const,
  template: voirie,
  saving: false,
  saveError: null,
  warning: null,
  confirming: false,
  confirmError: null,
  onSave: fn(),
  onConfirm: fn(),
  onCancelWarning: fn(),
};

export const Loading: Story = { parameters: { machineStates: ['request.loading'] } };
export const NotFound: Story = { args: { status: 'notFound' } };
export const LoadError: Story = { args: { status: 'error', message: 'Erreur interne du serveur. Réessayez dans un instant.', onRetry: fn() }, parameters: { machineStates: ['request.failure'] } };
export const Creating: Story = { args: { ...ready, template: null }, parameters: { machineStates: ['request.idle'] } };
export const CreateSaving: Story = { args: { ...ready, template: null, saving: true } };
export const CreateError: Story = { args: { ...ready, template: null, saveError: 'Le code « RC » figure déjà dans ce modèle : chaque document attendu a son propre code.' } };
export const Editing: Story = { args: ready, parameters: { machineStates: ['request.success'] } };
export const Saving: Story = { args: { ...ready, saving: true } };
export const InUseWarning: Story = { args: { ...ready, warning: inUseWarning } };
export const Confirming: Story = { args: { ...ready, warning: inUseWarning, confirming: true } };
export const ConfirmError: Story = { args: { ...ready, warning: inUseWarning, confirmError: 'Ressource introuvable.' } };
// The server refused the name (400): its detail lands under the input, the msg stays in the banner until the user edits.
export const CreateRefusedField: Story = {
  args: { ...ready, template: null, saveError: nameRefusal.msg, saveErrorDetails: [nameRefusal] },
  parameters: { machineStates: ['request.failure'] },
};
