import { z } from 'zod';
import { requiredText, text } from '../validation';

/**
 * OpenID Connect single sign-on (issue 21): an administrator names the provider (issuer, client, scopes, which claims
 * give the username, name and e-mail); the login screen offers "Sign in with …". Owned by the auth service
 * (`services/auth/src/oidc/`), which keeps the settings (the client secret encrypted at rest).
 */

/** What `adminOidc/load` answers for a saved client secret: sending it back keeps the secret. */
export const OIDC_SECRET_MASK = '********';

const claim = (fallback: string) =>
  text()
    .pipe(z.string().trim().max(64))
    .transform((v) => v || fallback)
    .pipe(z.string().regex(/^[A-Za-z0-9_.:-]+$/, { error: 'oidc_claim_invalid' }));

/** `adminOidc/save`: with `enabled` '1' the issuer is discovered first; a provider that does not answer saves nothing. */
export const SaveOidcSchema = z.object({
  enabled: text()
    .pipe(z.enum(['0', '1', ''], { error: 'param_not_one_of' }))
    .transform((v) => (v === '1' ? '1' : '0')),
  issuer: text()
    .pipe(z.string().trim().max(500))
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+\S*$/i.test(v), { error: 'oidc_issuer_invalid' }),
  client_id: text().pipe(z.string().trim().max(200)),
  client_secret: text().pipe(z.string().max(500)),
  scopes: text()
    .pipe(z.string().trim().max(200))
    .transform((v) => v || 'openid profile email')
    .refine((v) => v.split(/\s+/).includes('openid'), { error: 'oidc_scopes_openid' }),
  claim_username: claim('preferred_username'),
  claim_name: claim('name'),
  claim_email: claim('email'),
  button_label: text().pipe(z.string().trim().max(60)),
  /** '1': a first sign-in with no matching account makes one; '0' (default): it is refused. */
  create_users: text()
    .pipe(z.enum(['0', '1', ''], { error: 'param_not_one_of' }))
    .transform((v) => (v === '1' ? '1' : '0')),
});
export type SaveOidcDto = z.output<typeof SaveOidcSchema>;

/** `adminOidc/load`: the settings, the secret masked. */
export type OidcSettings = SaveOidcDto;

/** `oidc/start`: where the SPA sends the browser. */
export interface OidcStart {
  url: string;
}

/** `oidc/callback`: the URL the provider sent the browser back to (the SPA's `/oidc/callback?code=…&state=…`). */
export const OidcCallbackSchema = z.object({ callback_url: requiredText({ trim: true }).pipe(z.string().max(4000)) });
export type OidcCallbackDto = z.output<typeof OidcCallbackSchema>;

/** `oidc/info` (anyone): whether the login screen shows the button, and its text. */
export interface OidcInfo {
  enabled: boolean;
  label: string;
}

/** The SPA route the provider returns to: `${PUBLIC_URL}${OIDC_CALLBACK_PATH}`. */
export const OIDC_CALLBACK_PATH = '/oidc/callback';
