// The dashboard's charts (recharts), in their own chunk: DashboardView loads them with React.lazy so
// that recharts is fetched only by a dashboard that has figures to draw (docs/decisions.md).
// Colours come from the callers (src/ui/dashboard/dashboard-colors.ts: the theme's CSS variables).
// The charts are pictures: each has a label here and, in the view, a table of the same figures.
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { css } from 'styled-system/css';

const axis = { stroke: 'var(--colors-border-emphasized)', tick: { fill: 'var(--colors-fg-muted)', fontSize: 12 } };
const grid = <CartesianGrid stroke="var(--colors-border-default)" strokeDasharray="3 3" vertical={false} />;
const tooltip = (format: (value: number) => string) => (
  <Tooltip
    formatter={(value) => format(Number(value))}
    cursor={{ fill: 'var(--colors-bg-subtle)' }}
    contentStyle={{ background: 'var(--colors-bg-default)', border: '1px solid var(--colors-border-default)', borderRadius: 8, color: 'var(--colors-fg-default)' }}
    labelStyle={{ color: 'var(--colors-fg-default)' }}
  />
);

/** A chart box: a picture with its summary as its name; the figures are in the table beside it. */
function ChartBox({ label, height = 240, children }: { label: string; height?: number; children: React.ReactElement }) {
  return (
    <div role="img" aria-label={label} className={css({ w: 'full' })} style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

export type Series = { key: string; name: string; color: string };

/**
 * Grouped bars: one group per row (e.g. a month), one bar per series (created, submitted, won).
 * The legend is plain text beside the picture (a role="img" box hides its content), so it is read
 * and translated like the rest of the page.
 */
export function GroupedBarChart({ label, rows, series, format }: { label: string; rows: Record<string, string | number>[]; series: Series[]; format: (value: number) => string }) {
  return (
    <div>
      <ChartBox label={label}>
        <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          {grid}
          <XAxis dataKey="label" {...axis} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} {...axis} />
          {tooltip(format)}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ChartBox>
      <ul className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '4', mt: '2', fontSize: 'sm', color: 'fg.default' })}>
        {series.map((s) => (
          <li key={s.key} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
            {/* The series' colour is a theme variable, set through CSSOM (React's style), which the CSP allows. */}
            <span aria-hidden="true" className={css({ w: '3', h: '3', borderRadius: 'xs', flexShrink: '0' })} style={{ background: s.color }} />
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Horizontal bars, one per row, each with its own colour (time per status, rates, pipeline).
 * `valueName` names the figure in the tooltip ("Durée moyenne : 7"), never the data key "value".
 */
export function HorizontalBarChart({ label, rows, format, valueName, max, height }: { label: string; rows: { name: string; value: number; color: string }[]; format: (value: number) => string; valueName: string; max?: number; height?: number }) {
  return (
    <ChartBox label={label} height={height ?? Math.max(120, rows.length * 44)}>
      <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="var(--colors-border-default)" strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" domain={[0, max ?? 'auto']} {...axis} tickFormatter={(v: number) => format(v)} />
        <YAxis type="category" dataKey="name" width={110} {...axis} />
        {tooltip(format)}
        <Bar dataKey="value" name={valueName} radius={[0, 3, 3, 0]} isAnimationActive={false}>
          {rows.map((row) => (
            <Cell key={row.name} fill={row.color} />
          ))}
        </Bar>
      </BarChart>
    </ChartBox>
  );
}
