import type { Meta, StoryObj } from '@storybook/react-vite';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import type { PasswordEstimate } from '../forms/password-strength';

// Fixed estimates: the stories show each level without loading the estimator's dictionaries.
const fixed = (estimate: PasswordEstimate) => () => estimate;

const meta = {
  title: 'Views/Password strength meter',
  component: PasswordStrengthMeter,
  args: { password: 'aaaaaaaaaa' },
} satisfies Meta<typeof PasswordStrengthMeter>;
export default meta;

type Story = StoryObj<typeof meta>;

export const VeryWeak: Story = {
  args: { estimate: fixed({ score: 0, advice: ['Les caractères répétés comme « aaa » sont faciles à deviner.', 'Ajoutez des mots moins courants.'] }) },
};
export const Fair: Story = { args: { password: 'Delacroix1987!', estimate: fixed({ score: 2, advice: ['Évitez les dates et les années qui vous sont associées.'] }) } };
export const Good: Story = { args: { password: 'Marguerite-Delacroix-2026', estimate: fixed({ score: 3, advice: [] }) } };
export const Excellent: Story = { args: { password: 'Cheval-Agrafe-Batterie-1987', estimate: fixed({ score: 4, advice: [] }) } };
