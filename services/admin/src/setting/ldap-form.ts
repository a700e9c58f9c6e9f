import { AppError, ErrorCode, LDAP_PASSWORD_MASK, type LdapForm, LdapFormSchema, parseParams } from '@quire/proto';

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const invalidJson = () => new AppError(ErrorCode.LdapConfig, 'setting_invalid_json', { name: 'ldap_form' });

/** `ldap_form` as a request carries it: an object (JSON body) or a JSON string (form body). Anything else is refused (10011). */
export function ldapFormObject(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      throw invalidJson();
    }
  }
  if (!isPlainObject(value)) throw invalidJson();
  return value;
}

/**
 * The form to save: every field checked (10011 with the field's message), defaults applied, and
 * the mask in `bind_password` replaced by the saved password.
 */
export function resolveLdapForm(raw: unknown, saved: LdapForm | null): LdapForm {
  const fields = raw === undefined || raw === null ? { ...(saved ?? {}) } : ldapFormObject(raw);
  if (fields.bind_password === LDAP_PASSWORD_MASK) fields.bind_password = saved?.bind_password ?? '';
  return parseParams(LdapFormSchema, fields, ErrorCode.LdapConfig);
}

/** The stored JSON, or null when never saved or unreadable. */
export function parseSavedLdapForm(json: string | null): LdapForm | null {
  if (!json) return null;
  try {
    const parsed = LdapFormSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What the console shows: never the bind password, only whether there is one. */
export function maskLdapForm(form: LdapForm): LdapForm {
  return { ...form, bind_password: form.bind_password === '' ? '' : LDAP_PASSWORD_MASK };
}
