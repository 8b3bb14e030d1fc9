import { spinner } from 'styled-system/recipes/spinner';

type SpinnerProps = { label: string; size?: 'sm' | 'md' | 'lg' };

export function Spinner({ label, size }: SpinnerProps) {
  return <span role="status" aria-label={label} className={spinner({ size })} />;
}
