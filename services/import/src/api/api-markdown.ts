import type { ApiBody, ApiOperationDoc, FieldRow } from './api-model';
import type { ApiWords } from './api-words';

/**
 * The Markdown of one operation's page, laid out like Quire's API-doc template (the one the editor inserts): summary,
 * request URL, method, parameters, request body with its fields and example, every response with its fields and
 * example, then security.
 */
export function operationMarkdown(doc: ApiOperationDoc, words: ApiWords): string {
  const parts: string[] = [];
  if (doc.deprecated) parts.push(words.deprecatedNotice);
  parts.push(words.summary, `- ${oneLine(doc.summary || doc.title)}`);
  if (doc.description) parts.push(doc.description);
  parts.push(`${words.url}\n- \`${doc.url.replace(/`/g, '%60')}\``);
  parts.push(`${words.method}\n- ${doc.operation.method}`);
  if (doc.parameters.length > 0) {
    parts.push(
      words.parameters,
      table(
        words.parameterColumns,
        doc.parameters.map((row) => [row.name, row.in, row.required ? words.yes : words.no, row.type, row.description]),
      ),
    );
  }
  if (doc.requestBody) {
    const body = doc.requestBody;
    parts.push(
      `${words.requestBody} \`${body.contentType}\`${body.otherTypes.length > 0 ? ` (${words.alsoAs(body.otherTypes.join(', '))})` : ''}${body.description ? `\n\n${body.description}` : ''}`,
    );
    if (body.fields.length > 0) parts.push(fieldsTable(body.fields, words, true));
    if (body.example) parts.push(words.requestExample, codeBlock(body.example, body.contentType));
  }
  if (doc.responses.length > 0) {
    parts.push(words.responses);
    for (const response of doc.responses) {
      parts.push(`- **${response.status}**${response.description ? ` ${oneLine(response.description)}` : ''}${response.body ? ` \`${response.body.contentType}\`` : ''}`);
      if (response.headers.length > 0)
        parts.push(
          words.responseHeaders,
          table(
            words.responseColumns,
            response.headers.map((row) => [row.name, row.type, row.description]),
          ),
        );
      if (response.body) parts.push(...responseBody(response.body, words));
    }
  }
  if (doc.security !== undefined) {
    const lines = doc.security.map((alternative) => `- ${alternative.length === 0 ? words.noSecurity : alternative.join(' + ')}`);
    parts.push(words.security, lines.join('\n'));
  }
  return `${parts.join('\n\n')}\n`;
}

function responseBody(body: ApiBody, words: ApiWords): string[] {
  const parts: string[] = [];
  if (body.fields.length > 0) parts.push(words.responseFields, fieldsTable(body.fields, words, false));
  if (body.example) parts.push(words.responseExample, codeBlock(body.example, body.contentType));
  return parts;
}

function fieldsTable(fields: FieldRow[], words: ApiWords, withRequired: boolean): string {
  if (withRequired)
    return table(
      words.fieldColumns,
      fields.map((row) => [row.name, row.required ? words.yes : words.no, row.type, row.description]),
    );
  return table(
    words.responseColumns,
    fields.map((row) => [row.name, row.type, row.description]),
  );
}

function table(headings: readonly string[], rows: string[][]): string {
  const line = (cells: readonly string[]) => `|${cells.map(cell).join('|')}|`;
  return [line(headings), `|${headings.map((_, index) => (index === headings.length - 1 ? '-----' : ':----')).join('|')}|`, ...rows.map(line)].join('\n');
}

/** A table cell: one line, its pipes escaped. */
function cell(value: string): string {
  return oneLine(value).replace(/\|/g, '\\|') || ' ';
}

function oneLine(value: string): string {
  return value.replace(/\s*\r?\n\s*/g, ' ').trim();
}

function codeBlock(text: string, contentType: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const language = /json/i.test(contentType) ? 'json' : /xml/i.test(contentType) ? 'xml' : /graphql/i.test(contentType) ? 'graphql' : '';
  return `${fence}${language}\n${text}\n${fence}`;
}
