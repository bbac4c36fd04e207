/** Filled in by issue 3. */
export const dashboardRoutes = [] as const;
