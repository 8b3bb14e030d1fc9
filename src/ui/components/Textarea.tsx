import type { ComponentProps } from 'react';
import { css, cx } from 'styled-system/css';
import { input } from 'styled-system/recipes/input';

/** Several lines of text, drawn like every other field (border, focus ring, disabled state). */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cx(input(), css({ display: 'block', h: 'auto', py: '2', fontWeight: 'normal', resize: 'vertical' }), className)} {...props} />;
}
