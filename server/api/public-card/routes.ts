/** Filled in by issue 3. */
export const publicCardRoutes = [] as const;
