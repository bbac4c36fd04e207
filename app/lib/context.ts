import { createContext } from "react-router";
import type { ApiClient, ApiOutput } from "./api.server.ts";

/** Per-request values set once by the root middleware (see request-context.server.ts). */
export type SessionInfo = ApiOutput<"GET /session">;
export const apiContext = createContext<ApiClient>();
export const sessionContext = createContext<SessionInfo>();
