import type { ComponentProps } from 'react';
import { cx } from 'styled-system/css';
import { button, type ButtonVariantProps } from 'styled-system/recipes/button';

// Plain wrappers over the recipe: the sign-in page's budget has no room for a runtime styled() factory.
type ButtonProps = ComponentProps<'button'> & ButtonVariantProps;

export function Button({ variant, size, fullWidth, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cx(button({ variant, size, fullWidth }), className)} {...props} />;
}
