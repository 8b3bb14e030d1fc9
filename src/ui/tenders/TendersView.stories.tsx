import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { listOf } from '../admin/admin-fixtures';
import { companyNames, listRowOf, tenderGymnase, tenderJeanMoulin, tenderRoutes } from './tender-fixtures';
import { TendersView } from './TendersView';

const meta = {
  title: 'Views/Tenders',
  component: TendersView,
  args: {
    scope: 'company',
    list: listOf('loaded', [tenderRoutes, tenderJeanMoulin, tenderGymnase].map(listRowOf), { totalPages: 3, count: 47 }),
    seenBefore: '2026-02-23T08:00:00.000Z',
    search: '',
    status: '',
    matchStatus: '',
    companyId: '',
    companies: companyNames,
    onSearch: fn(),
    onStatus: fn(),
    onMatchStatus: fn(),
    onCompany: fn(),
    onPage: fn(),
    onRetry: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof TendersView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { list: listOf('loading') }, parameters: { machineStates: ['list.loading'] } };
export const Loaded: Story = { parameters: { machineStates: ['list.loaded'] } };
export const AdminLoaded: Story = { args: { scope: 'admin' } };
/** A colleague added the first tender to the pipeline after the user's previous visit of the list. */
export const NewSinceLastVisit: Story = {
  args: { list: listOf('loaded', [{ ...listRowOf(tenderRoutes), createdAt: '2026-02-24T10:00:00.000Z' }, listRowOf(tenderJeanMoulin)]) },
};
export const Searching: Story = { args: { search: 'chaussées', list: listOf('debouncing', [listRowOf(tenderRoutes)]) }, parameters: { machineStates: ['list.debouncing'] } };
export const Filtered: Story = { args: { status: 'in_progress', matchStatus: 'high', list: listOf('loaded', [listRowOf(tenderJeanMoulin)]) } };
export const Empty: Story = { args: { list: listOf('empty') }, parameters: { machineStates: ['list.empty'] } };
export const AdminEmpty: Story = { args: { scope: 'admin', list: listOf('empty') } };
export const NoMatch: Story = { args: { list: listOf('empty'), search: 'piscine' } };
export const Failure: Story = { args: { list: listOf('failure', [], { error: 'Erreur interne du serveur. Réessayez dans un instant.' }) }, parameters: { machineStates: ['list.failure'] } };
