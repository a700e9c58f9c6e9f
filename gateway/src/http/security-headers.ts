import type { NextFunction, Request, Response } from 'express';
import helmet, { strictTransportSecurity } from 'helmet';

/**
 * What the SPA may load and run: its own script files and the inline scripts of its index.html (by their hash,
 * static/inline-scripts.ts), no plugin, no framing.
 * - `style-src 'unsafe-inline'`: KaTeX and Mermaid hand over HTML/SVG full of `style="…"` attributes, and every
 *   Mermaid diagram carries a `<style>` element, inserted by Mermaid itself, by DOMPurify and by ByteMD's innerHTML,
 *   none of which takes a nonce (Griffel, Fluent UI's styling, injects `<style>` elements too). With a nonce for
 *   elements and `'unsafe-inline'` for attributes only, the diagrams lose their styles. Styles run no code.
 * - `img-src http: https:`: a page's Markdown may show images hosted elsewhere (`![](https://…)`), as in ShowDoc.
 *   `data:` for the small images and the KaTeX font that the build inlines into its CSS.
 * - `connect-src http: https:`: the HTTP API test tool sends from the browser to the address the user typed
 *   (the target's CORS rules still decide whether the page may read the answer).
 */
const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'http:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'http:', 'https:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** 180 days; not `includeSubDomains`: the operator's other hosts under the same name are not Quire's to decide. */
const HSTS_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/**
 * The headers of every answer: the SPA, its files, the API's JSON. Downloads replace the CSP with their own,
 * stricter sandbox (`download/blob-sender.ts`). HSTS only on a request that came over https (`req.secure`,
 * which believes `X-Forwarded-Proto` only with `TRUST_PROXY`): over plain http it would be ignored, or would
 * lock a browser out of a site that has no https yet. `inlineScripts`: the CSP sources of the SPA's inline scripts.
 */
export function securityHeaders(inlineScripts: string[]) {
  const hsts = strictTransportSecurity({ maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false });
  return [
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY, 'script-src': [...CONTENT_SECURITY_POLICY['script-src'], ...inlineScripts] } },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      // Share links and item URLs never leave the site in a Referer; the site's own requests keep theirs.
      referrerPolicy: { policy: 'same-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
    }),
    (req: Request, res: Response, next: NextFunction) => (req.secure ? hsts(req, res, next) : next()),
  ];
}
