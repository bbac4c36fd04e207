/* Moved to contracts/ (ADR 0070): the server's theme thumbnails darken the colour the same way. */
export { readableColor } from "#contracts/contrast.ts";
