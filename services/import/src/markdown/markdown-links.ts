/**
 * Links and images inside imported Markdown that point at other files of the zip: found outside
 * fenced code, in inline links and images (`[t](x)`, `![a](<x y.png> "title")`), reference
 * definitions (`[id]: x`) and HTML `src`/`href` attributes, resolved against the page's folder.
 */

/** `[text](target` / `![alt](target`: the target, bare or in angle brackets. */
const INLINE = /(!?\[(?:[^\]\n\\]|\\.)*\]\(\s*)(<[^>\n]*>|[^\s)]+)/g;
/** `[id]: target` at the start of a line (up to 3 spaces in). */
const DEFINITION = /^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]*>|\S+)/gm;
/** `src="…"`, `href='…'` inside an HTML tag. */
const HTML_ATTRIBUTE = /(<[a-zA-Z][^>]*?\s(?:src|href)\s*=\s*)("[^"]*"|'[^']*')/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/** A target that names a file by a path relative to the page (no scheme, no `/` or `//` start, no bare `#` or `?`). */
export function isRelativeTarget(target: string): boolean {
  return target !== '' && !SCHEME.test(target) && !target.startsWith('/') && !target.startsWith('#') && !target.startsWith('?') && !target.startsWith('\\');
}

/**
 * The zip path a relative target names from the page at `pageFile` (`''` query and fragment cut,
 * percent-escapes decoded), with the fragment to keep; null when it leaves the zip's root.
 */
export function resolveTarget(pageFile: string, target: string): { path: string; fragment: string } | null {
  const hash = target.indexOf('#');
  const fragment = hash >= 0 ? target.slice(hash) : '';
  let path = hash >= 0 ? target.slice(0, hash) : target;
  const query = path.indexOf('?');
  if (query >= 0) path = path.slice(0, query);
  if (path === '') return null;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not percent-encoded after all: the name as written.
  }
  const parts = pageFile.split('/').slice(0, -1);
  for (const part of path.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length === 0 ? null : { path: parts.join('/'), fragment };
}

/**
 * The Markdown with every relative target that `replace` answers for replaced (`replace` gets the
 * target as written, without angle brackets, and returns the new URL or undefined to keep it).
 * Fenced code blocks are left as they are.
 */
export function rewriteTargets(markdown: string, replace: (target: string) => string | undefined): string {
  const lines = markdown.split('\n');
  let fence = '';
  let chunk: string[] = [];
  const out: string[] = [];
  const flush = () => {
    if (chunk.length > 0) out.push(rewriteProse(chunk.join('\n'), replace));
    chunk = [];
  };
  for (const line of lines) {
    const opening = FENCE.exec(line);
    if (fence) {
      out.push(line);
      if (opening && opening[1][0] === fence[0] && opening[1].length >= fence.length && line.trim() === opening[1]) fence = '';
      continue;
    }
    if (opening) {
      flush();
      fence = opening[1];
      out.push(line);
      continue;
    }
    chunk.push(line);
  }
  flush();
  return out.join('\n');
}

/** Every relative target of the Markdown (outside fenced code), as written. */
export function relativeTargets(markdown: string): string[] {
  const found: string[] = [];
  rewriteTargets(markdown, (target) => {
    found.push(target);
    return undefined;
  });
  return found;
}

function rewriteProse(text: string, replace: (target: string) => string | undefined): string {
  const swap = (written: string, quote: string): string => {
    const bare = quote === '<' ? written.slice(1, -1) : quote ? written.slice(1, -1) : written;
    if (!isRelativeTarget(bare)) return written;
    const next = replace(bare);
    if (next === undefined) return written;
    return quote === '<' ? `<${next}>` : quote ? `${quote}${next}${quote}` : next;
  };
  return text
    .replace(INLINE, (_all, head: string, target: string) => head + swap(target, target.startsWith('<') ? '<' : ''))
    .replace(DEFINITION, (_all, head: string, target: string) => head + swap(target, target.startsWith('<') ? '<' : ''))
    .replace(HTML_ATTRIBUTE, (_all, head: string, value: string) => head + swap(value, value[0]));
}
