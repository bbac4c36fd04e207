/**
 * Fills a message's `{name}` placeholders. No imports and no messages: any bundle may take it
 * (the messages themselves reach the browser as loader data, ADR 0066).
 */
export function fmt(template: string, values: Record<string, string | number>) {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** English's one/other choice ("1 second", "2 seconds"); Indian languages here use one form for both in these texts. */
export const pluralKey = (n: number) => (n === 1 ? "One" : "Other");
