/**
 * A CSV's rows with their line numbers (1-based, as a spreadsheet shows them): cells split on commas, double
 * quotes around a cell (with "" inside) honoured, blank lines skipped. A quoted cell never spans lines here: an
 * upload of names and emails has none.
 */
export function csvRows(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let j = 0; j < raw.length; j++) {
      const ch = raw[j]!;
      if (quoted) {
        if (ch === '"' && raw[j + 1] === '"') {
          cell += '"';
          j++;
        } else if (ch === '"') quoted = false;
        else cell += ch;
      } else if (ch === '"' && cell.trim() === '') {
        cell = '';
        quoted = true;
      } else if (ch === ',' || ch === ';') {
        cells.push(cell.trim());
        cell = '';
      } else cell += ch;
    }
    cells.push(cell.trim());
    rows.push({ line: i + 1, cells });
  });
  return rows;
}
