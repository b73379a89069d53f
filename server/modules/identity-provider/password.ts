import { hash, verify, type Options } from '@node-rs/argon2';

// argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane): memory-hard, so stolen hashes are
// expensive to brute-force on GPUs, and cheap enough (~tens of ms) for an interactive sign-in.
// The package declares Algorithm as a const enum, which tsx/esbuild cannot inline across modules;
// 2 is its Argon2id member.
const ARGON2ID = 2 as Options['algorithm'];
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id; the result embeds its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when the password matches the stored hash; false (never throws) for malformed hashes. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same work as a real check, so an unknown email cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-just-timing');
  await verifyPassword(await dummyHash, password);
}
