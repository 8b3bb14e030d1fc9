import type { ComponentProps, ElementType } from 'react';
import { cx } from 'styled-system/css';
import { card } from 'styled-system/recipes/card';

const classes = card();

type Slot = keyof typeof classes;

function slot<T extends ElementType>(name: Slot, defaultTag: T) {
  function CardSlot({ as, className, ...props }: ComponentProps<T> & { as?: ElementType }) {
    const Tag = (as ?? defaultTag) as ElementType;
    return <Tag className={cx(classes[name], className)} {...props} />;
  }
  return CardSlot;
}

export const CardRoot = slot('root', 'section');
export const CardHeader = slot('header', 'div');
export const CardTitle = slot('title', 'h2');
export const CardDescription = slot('description', 'p');
export const CardBody = slot('body', 'div');
export const CardFooter = slot('footer', 'div');
