import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** A `<script>` element without `src`, and its text. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of the SPA's index.html: the build puts the first-load
 * script there (web/vite/first-load.ts), and the policy lets that script, and no other inline one, run. Read once,
 * when the gateway starts: a web build made while it runs takes effect at its next start (until then the inline
 * script is refused and the app starts its reads itself). None when the app is not built.
 */
export function inlineScriptSources(webDist: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(path.resolve(webDist), 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(INLINE_SCRIPT)].map(([, text]) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
}
