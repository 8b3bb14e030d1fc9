import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { MarketCard } from './MarketCard';
import { emptyMarket, lyonLinks, lyonMarket } from './market-fixtures';

const meta = {
  title: 'Views/Market card',
  component: MarketCard,
  args: {
    state: 'ready',
    call: { buyer: 'Ville de Lyon', status: 'open', links: lyonLinks },
    market: lyonMarket,
    error: null,
    onRetry: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', maxW: '3xl' })}><main><Story /></main></div>],
} satisfies Meta<typeof MarketCard>;
export default meta;

type Story = StoryObj<typeof meta>;
export const Loading: Story = { args: { state: 'loading', market: null }, parameters: { machineStates: ['marketData.loading'] } };
export const Failed: Story = { args: { state: 'failed', market: null, error: 'Le service est momentanément indisponible.' }, parameters: { machineStates: ['marketData.failed'] } };
export const History: Story = { parameters: { machineStates: ['marketData.ready'] } };
export const Awarded: Story = {
  args: {
    call: { buyer: 'Ville de Lyon', status: 'awarded', links: [...lyonLinks, { source: 'boamp', sourceId: '26-131877', url: null, kind: 'award', publishedAt: '2026-11-12' }] },
    market: { ...lyonMarket, awards: [{ lot: '1', winners: [{ name: 'CMA CONCEPT', siret: '79984366900026' }], amount: 301500, awardDate: '2026-11-05', offers: 5 }] },
  },
};
export const Cancelled: Story = { args: { call: { buyer: 'Ville de Lyon', status: 'cancelled', links: lyonLinks } } };
/** Nothing similar in the imported awards, and a call typed by hand: each empty part says why. */
export const NoHistory: Story = { args: { call: { buyer: 'Commune de Vienne', status: 'open', links: [] }, market: emptyMarket } };
export const NoCpv: Story = { args: { market: { ...emptyMarket, similar: { by: 'name', cpvPrefixes: [] } } } };
