import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { listOf, lyon } from '../admin/admin-fixtures';
import { CompanyTabs } from '../companies/CompanyTabs';
import { ResumesView } from './ResumesView';
import { resumeAddRefusal, resumeChef, resumeRows } from './resume-list-fixtures';

const meta = {
  title: 'Views/Resumes',
  component: ResumesView,
  args: {
    companyName: lyon.name,
    tabs: <CompanyTabs companyId={lyon._id} active="resumes" />,
    list: listOf('loaded', resumeRows),
    search: '',
    accept: '.pdf,.docx',
    fileUrl: (id: string) => `/api/resumes/${id}/file`,
    onSearch: fn(),
    onPage: fn(),
    onRetry: fn(),
    adding: false,
    addBusy: false,
    addError: null,
    onAdd: fn(),
    onCloseAdd: fn(),
    onSubmitAdd: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof ResumesView>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Skills cut after four, certifications flagged (one expiring, one expired), a CV being read, one typed without file. */
export const Loaded: Story = { parameters: { machineStates: ['list.loaded'] } };
export const Loading: Story = { args: { list: listOf('loading') }, parameters: { machineStates: ['list.loading'] } };
export const Searching: Story = { args: { search: 'caces', list: listOf('debouncing', [resumeChef]) }, parameters: { machineStates: ['list.debouncing'] } };
export const Empty: Story = { args: { list: listOf('empty') }, parameters: { machineStates: ['list.empty'] } };
export const NoMatch: Story = { args: { search: 'grutier', list: listOf('empty') } };
export const Failure: Story = { args: { list: listOf('failure', [], { error: 'Erreur interne du serveur. Réessayez dans un instant.' }) }, parameters: { machineStates: ['list.failure'] } };
export const AddDialog: Story = { args: { adding: true }, parameters: { machineStates: ['request.idle'] } };
export const Adding: Story = { args: { adding: true, addBusy: true }, parameters: { machineStates: ['request.loading'] } };
export const AddRefused: Story = {
  args: { adding: true, addError: resumeAddRefusal.msg, addErrorDetails: resumeAddRefusal.details },
  parameters: { machineStates: ['request.failure'] },
};
