/** Filled in by issue 3. */
export const cardRoutes = [] as const;
