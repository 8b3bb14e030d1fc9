import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PageLoadError, PageLoading, PageRenderError } from './PageStatus';

const meta = { title: 'Views/Page status', component: PageLoading } satisfies Meta<typeof PageLoading>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {};
export const LoadError: Story = { render: () => <PageLoadError onRetry={fn()} /> };
export const RenderError: Story = { render: () => <PageRenderError onReload={fn()} /> };
