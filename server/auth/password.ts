import { hash, verify } from "@node-rs/argon2";

export type PasswordCost = { memoryCost: number; timeCost: number; parallelism: number };

/** OWASP: Argon2id, 19 MiB, 2 iterations, 1 lane. */
export const PRODUCTION_PASSWORD_COST: PasswordCost = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Passwords are hashed with the cost given here (Deps.passwords): production's, or a cheap one in tests. */
export function createPasswordHasher(cost: PasswordCost = PRODUCTION_PASSWORD_COST) {
  let dummy: Promise<string> | undefined;
  return {
    hash: (password: string) => hash(password, cost),
    /** A stored hash carries its own cost: verification follows it. */
    async verify(passwordHash: string | null | undefined, password: string) {
      if (!passwordHash) return false;
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    /** A hash to verify against when the account does not exist, so timing does not tell. */
    dummyHash: () => (dummy ??= hash("not-a-real-password-0000", cost)),
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
