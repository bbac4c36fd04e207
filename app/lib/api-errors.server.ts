import { data } from "react-router";
import { upgradeFlag, type ApiFailure } from "./api.server";

/**
 * SPEC §8: a 401/403 from any call signs the user out (the root boundary shows that dialog),
 * except a plan limit's 403 `{ upgrade: true }` (ADR 0015), which the boundary turns into #upgrade.
 */
export function throwIfAuthError(failure: ApiFailure) {
  if (failure.status === 401 || failure.status === 403) {
    throw data({ message: failure.message, ...upgradeFlag(failure) }, { status: failure.status });
  }
}

