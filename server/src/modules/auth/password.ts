import { Algorithm, hash, verify } from '@node-rs/argon2';

/** Argon2id at OWASP's minimum settings (19 MiB, 2 passes). */
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash (unknown user) it verifies against a dummy one,
 * so that an unknown user and a wrong password take the same time and give the same answer.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash) {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  }
  dummyHash ??= hashPassword('not-a-real-password-for-timing-only');
  await verify(await dummyHash, password).catch(() => false);
  return false;
}
