import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { CompanyAwardsCard } from './CompanyAwardsCard';
import { companyAwards } from './market-fixtures';

const meta = {
  title: 'Views/Company awards',
  component: CompanyAwardsCard,
  args: { state: 'ready', awards: companyAwards, page: 1, hasSiret: true, error: null, onRetry: fn(), onPage: fn() },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', maxW: '3xl' })}><main><Story /></main></div>],
} satisfies Meta<typeof CompanyAwardsCard>;
export default meta;

type Story = StoryObj<typeof meta>;
export const Loading: Story = { args: { state: 'loading', awards: null } };
export const Failed: Story = { args: { state: 'failed', awards: null, error: 'Le service est momentanément indisponible.' } };
export const WonAndLost: Story = {};
/** Another page loading: the rows shown stay, the table is busy. */
export const Paging: Story = { args: { state: 'loading', page: 2, awards: { ...companyAwards, count: 14, totalPages: 2 } } };
export const None: Story = { args: { awards: { count: 0, totalPages: 0, awards: [] } } };
export const NoSiret: Story = { args: { awards: { count: 0, totalPages: 0, awards: [] }, hasSiret: false } };
