import { skeleton } from 'styled-system/recipes/skeleton';

type SkeletonProps = { lines?: number; label: string; widths?: string[] };

/** Placeholder lines announced once as "loading" rather than read out one by one. */
export function Skeleton({ lines = 3, label, widths = ['100%', '92%', '78%'] }: SkeletonProps) {
  const classes = skeleton();
  return (
    <div className={classes.root} role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className={classes.line} style={{ width: widths[i % widths.length] }} aria-hidden="true" />
      ))}
    </div>
  );
}
