import { createContext } from "react-router";
import type { ApiClient, ApiOutput } from "./api.server.ts";

/** Per-request values set by middleware (see request-context.server.ts). */
export type SessionInfo = ApiOutput<"GET /session">;
export type CustomerActor = Extract<SessionInfo["actor"], { kind: "customer" }>;
export type StaffActor = Extract<SessionInfo["actor"], { kind: "staff" }>;

/** Set once by the root middleware. */
export const apiContext = createContext<ApiClient>();
export const sessionContext = createContext<SessionInfo>();
/** Set by the subtree guards (requireCustomer / requireStaff) once they let the request through. */
export const customerContext = createContext<CustomerActor>();
export const staffContext = createContext<StaffActor>();
