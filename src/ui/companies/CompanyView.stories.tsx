import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { lyon, nantes } from '../admin/admin-fixtures';
import { CompanyView } from './CompanyView';
import { CompanyLogoCard } from './CompanyLogoCard';
import { lyonBranded } from './logo-fixtures';

const meta: Meta<typeof CompanyView> = {
  title: 'Views/Company',
  component: CompanyView,
  args: { status: 'loading' },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
};
export default meta;

type Story = StoryObj<typeof CompanyView>;

const loaded = {
  status: 'loaded' as const,
  company: lyon,
  canEdit: true,
  membersHref: '/company/users',
  editing: false,
  saving: false,
  saveError: null,
  onEdit: fn(),
  onCancel: fn(),
  onSave: fn(),
};

export const Loading: Story = {};
export const NotFound: Story = { args: { status: 'notFound' } };
export const LoadError: Story = { args: { status: 'error', message: 'Erreur interne du serveur. Réessayez dans un instant.', onRetry: fn() } };
export const Manager: Story = { args: loaded };
export const Employee: Story = { args: { ...loaded, canEdit: false } };
// The logo card beside the members: the logo and colour of the company, read only for an employee.
export const WithLogo: Story = { args: { ...loaded, company: lyonBranded, canEdit: false, logo: <CompanyLogoCard company={lyonBranded} /> } };
export const EditingBrandColour: Story = { args: { ...loaded, company: lyonBranded, editing: true } };
export const EmptyProfile: Story = { args: { ...loaded, company: nantes, canEdit: false, membersHref: null } };
export const Editing: Story = { args: { ...loaded, editing: true } };
export const Saving: Story = { args: { ...loaded, editing: true, saving: true } };
export const SaveError: Story = { args: { ...loaded, editing: true, saveError: 'Une entreprise avec ce numéro SIRET existe déjà.' } };
