import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CenteredLayout } from '../shell/CenteredLayout';
import { CreateCompanyView } from './CreateCompanyView';

const meta = {
  title: 'Views/Create company',
  component: CreateCompanyView,
  args: { submitting: false, error: null, onSubmit: fn() },
  decorators: [(Story) => <CenteredLayout header={null}><Story /></CenteredLayout>],
} satisfies Meta<typeof CreateCompanyView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Idle: Story = {};
export const WithProfile: Story = {
  args: { initialProfile: { keywords: ['rénovation', 'isolation'], cpvCodes: ['45000000'], departments: ['69', '01'], regions: ['Auvergne-Rhône-Alpes'] } },
};
export const Submitting: Story = { args: { submitting: true } };
export const WithError: Story = { args: { error: 'Une entreprise avec ce numéro SIRET existe déjà.' } };
