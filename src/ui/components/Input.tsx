import type { ComponentProps } from 'react';
import { cx } from 'styled-system/css';
import { input } from 'styled-system/recipes/input';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cx(input(), className)} {...props} />;
}
