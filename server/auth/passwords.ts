import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id; the parameters are spelled out so that a library
// upgrade cannot silently weaken them.
const params = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, params);

// A hash of a random password with the same parameters: an unknown email costs the same
// verification time as a known one, so timing does not reveal which emails have accounts.
const dummyHash = '$argon2id$v=19$m=19456,t=2,p=1$42I5cxrTLe40WzUMMjD6Lw$ekF4jOgVIMMIDPBc/01B/JaxSdFBTVbtY71q9c+s/YE';

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  try {
    const ok = await verify(storedHash ?? dummyHash, password);
    return ok && storedHash !== undefined;
  } catch {
    return false;
  }
}
