/** Filled in by issue 3. */
export const feedbackRoutes = [] as const;
