import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { UnsubscribeView } from './UnsubscribeView';

const meta = {
  title: 'Views/Alerts/Unsubscribe',
  component: UnsubscribeView,
  args: { state: 'idle', message: null, onConfirm: fn() },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', maxW: 'md', mx: 'auto' })}><main><Story /></main></div>],
} satisfies Meta<typeof UnsubscribeView>;
export default meta;

type Story = StoryObj<typeof meta>;
export const Asking: Story = {};
export const Sending: Story = { args: { state: 'sending' } };
export const Done: Story = { args: { state: 'done', message: "C'est fait : vous ne recevrez plus d'alertes ni de récapitulatif par e-mail. Vous pouvez les réactiver depuis votre profil." } };
export const Refused: Story = { args: { state: 'failed', message: "Ce lien de désabonnement n'est pas valide. Vous pouvez régler vos alertes depuis votre profil." } };
export const MissingToken: Story = { args: { state: 'missing' } };
