import { data } from "react-router";
import type { ApiFailure } from "./api.server";

/** SPEC §8: a 401/403 from any call signs the user out (the root boundary shows that dialog). */
export function throwIfAuthError(failure: ApiFailure) {
  if (failure.status === 401 || failure.status === 403) {
    throw data({ message: failure.message }, { status: failure.status });
  }
}
