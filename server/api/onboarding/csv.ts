/**
 * CSV in and out (RFC 4180: quoted fields, "" inside quotes, CRLF or LF), small enough to own:
 * a file of 10,000 rows parses in milliseconds and nothing else in the product reads CSV.
 */

/** Rows of fields. A UTF-8 BOM (Excel's "CSV UTF-8") is dropped; blank lines are skipped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    field = "";
    if (row.length > 1 || row[0].trim() !== "") rows.push(row);
    row = [];
  };
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n") endRow();
    else if (ch === "\r") {
      if (text[i + 1] === "\n") i++;
      endRow();
    } else field += ch;
  }
  if (field !== "" || row.length) endRow();
  return rows;
}

/** One CSV line; a field starting with = + - @ is prefixed with ' so a spreadsheet shows it as text. */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return (
    fields
      .map((f) => {
        let s = f === null || f === undefined ? "" : String(f);
        if (/^[=+\-@]/.test(s) && !/^[+-]?\d/.test(s)) s = `'${s}`;
        return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
      })
      .join(",") + "\r\n"
  );
}
