/** The JSON tools of the editor (SPEC §5): JSON to a Markdown table, and beautified JSON. */

export interface TableHeaders {
  name: string;
  type: string;
  description: string;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return typeof value;
}

function rows(value: unknown, prefix: string, out: string[]): void {
  const source: unknown = Array.isArray(value) ? value.find((entry) => typeof entry === 'object' && entry !== null) : value;
  if (typeof source !== 'object' || source === null) return;
  const path = Array.isArray(value) ? `${prefix}[]` : prefix;
  for (const [key, child] of Object.entries(source as Record<string, unknown>)) {
    const name = path ? `${path}.${key}` : key;
    out.push(`|${name.replace(/\|/g, '\\|')} |${typeOf(child)} |  |`);
    if (typeof child === 'object' && child !== null) rows(child, name, out);
  }
}

/**
 * One row per field, nested fields as `parent.child` and `list[].child`. Throws a SyntaxError
 * when the text is not JSON, or is JSON without fields (a bare string or number).
 */
export function jsonToTable(text: string, headers: TableHeaders): string {
  const value: unknown = JSON.parse(text);
  const out: string[] = [];
  rows(value, '', out);
  if (out.length === 0) throw new SyntaxError('no fields');
  return [`|${headers.name}|${headers.type}|${headers.description}|`, '|:-------|:-------|:-------|', ...out].join('\n');
}

/** Indented JSON; text that is not JSON comes back as it was (SPEC §5). */
export function beautifyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
