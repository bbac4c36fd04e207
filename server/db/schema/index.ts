export * from "./core.ts";
export * from "./business.ts";
export * from "./billing.ts";
export * from "./content.ts";
export * from "./greeting-videos.ts";
export * from "./scale-out.ts";
export * from "./messages.ts";
export * from "./onboarding.ts";
