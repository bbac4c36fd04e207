/** Filled in by issue 3. */
export const documentRoutes = [] as const;
