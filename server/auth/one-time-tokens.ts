import { createHash, randomBytes } from 'node:crypto';

/** A random single-use token for a link: 32 bytes, URL-safe. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** Only this digest is stored: a database leak does not leak usable links. */
export const digestToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
