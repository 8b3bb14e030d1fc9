import { useState } from 'react';
import { avatar, type AvatarVariantProps } from 'styled-system/recipes/avatar';

type AvatarProps = AvatarVariantProps & { name: string; src?: string | null | undefined };

// The picture when there is one and it loads, else the initials; the name is said by the surrounding text.
export function Avatar({ name, src, size }: AvatarProps) {
  const classes = avatar({ size });
  const [failed, setFailed] = useState<string | null>(null);
  const initials = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0] ?? '')
    .join('');
  return (
    <span className={classes.root}>
      {src && failed !== src ? (
        <img className={classes.image} src={src} alt="" onError={() => setFailed(src)} />
      ) : (
        <span className={classes.fallback} aria-hidden="true">
          {initials}
        </span>
      )}
    </span>
  );
}
