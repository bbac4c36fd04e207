/*
 * The greetings domain's public surface (ADR 0030): greeting images (posts, categories, the
 * business's frame) and greeting videos live here as one feature; promotional videos reuse the
 * business's brand details and stored media. Routes call the internals directly.
 */
export { brandBusiness } from "./frame.ts";
export { drawDemoMedia, keyOfUrl, readMedia } from "./media.ts";
export { buildStarterLibrary, sendStarterLibrary, STARTER_POST_COUNT, starterLibraryJob, starterPostsMade, startStarterLibrary } from "./starter-library.ts";
