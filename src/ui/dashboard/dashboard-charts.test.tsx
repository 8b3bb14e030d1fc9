import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';

// recharts draws nothing in jsdom (no layout): what the bars and the tooltip are told is what counts.
const bars: Record<string, unknown>[] = [];
vi.mock('recharts', () => {
  const Pass = ({ children }: { children?: ReactNode }) => <>{children}</>;
  return {
    ResponsiveContainer: Pass,
    BarChart: Pass,
    CartesianGrid: () => null,
    XAxis: () => null,
    YAxis: () => null,
    Tooltip: () => null,
    Cell: () => null,
    Bar: (props: Record<string, unknown> & { children?: ReactNode }) => {
      bars.push(props);
      return null;
    },
  };
});

const { GroupedBarChart, HorizontalBarChart } = await import('./DashboardCharts');

describe('dashboard charts', () => {
  it('a horizontal bar chart names its figure in the tooltip, not "value" (issue 10)', () => {
    render(<HorizontalBarChart label="Taux" rows={[{ name: 'Réponse', value: 7, color: 'red' }]} format={String} valueName="Taux" />);
    expect(bars.at(-1)).toMatchObject({ dataKey: 'value', name: 'Taux' });
  });

  it('the monthly chart has a legend naming each series (issue 24)', () => {
    const series = [
      { key: 'created', name: 'Créées', color: 'red' },
      { key: 'submitted', name: 'Déposées', color: 'blue' },
      { key: 'won', name: 'Gagnées', color: 'green' },
    ];
    render(<GroupedBarChart label="Par mois" rows={[{ label: 'janv.', created: 3, submitted: 2, won: 1 }]} series={series} format={String} />);
    const legend = screen.getByRole('list');
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Créées', 'Déposées', 'Gagnées']);
  });
});
