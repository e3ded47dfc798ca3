/** Seat secrets (144 random bits, base64url) and game ids; only a secret's SHA-256 is stored. */

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const newSecret = (): string => randomBytes(18).toString('base64url');
/** Game ids are public (the watch link): short, random, URL-safe. */
export const newGameId = (): string => randomBytes(6).toString('base64url');
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export function secretMatches(secret: string, hash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const isId = (s: unknown): s is string => typeof s === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(s);
export const isSecret = (s: unknown): s is string => typeof s === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(s);
