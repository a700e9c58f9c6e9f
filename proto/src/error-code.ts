/**
 * The API's error codes (contract §8, [ERA] meanings). Codes marked "Quire" are
 * additions for failures ShowDoc never had to report; docs/compatibility.md lists them.
 */
export const ErrorCode = {
  Success: 0,
  /** `catalog/delete` only: the one negative code of the contract. */
  CatalogRequestFail: -1,
  /** Quire: the service did not answer within the request timeout (HEAD-N's 10005 "操作超时"). */
  Timeout: 10005,
  LdapConfig: 10011,
  Validation: 10100,
  Failed: 10101,
  NotLoggedIn: 10102,
  NoPermission: 10103,
  BadCredentials: 10204,
  Captcha: 10206,
  WrongPassword: 10208,
  UserNotFound: 10209,
  BadCredentialsCaptcha: 10210,
  /** Quire (issue 21): the password was right; `data.challenge` goes with a code to `user/loginTwoFactor`. */
  TwoFactorRequired: 10212,
  /** Quire (issue 21): the password was right, but the site requires a second factor the user has not set up yet. */
  TwoFactorEnrolRequired: 10213,
  NotCreator: 10303,
  DomainTaken: 10304,
  DomainInvalid: 10305,
  ApiKeyMismatch: 10306,
  ItemPassword: 10307,
  ItemPasswordCaptcha: 10308,
  /** Quire: a malformed body (HTTP 400). */
  BadRequest: 10400,
  /** Quire: a write carried the session cookie but the browser did not say it came from this site (HTTP 403). */
  CrossSite: 10403,
  InvalidRoute: 10404,
  /** Quire: a write sent as GET or HEAD, which never change anything (HTTP 405). */
  WriteByGet: 10405,
  /**
   * Quire: `page/save` with a `base_hash` whose changes overlap changes saved since that base (or whose base is
   * unknown): nothing saved; `data` holds `{current_content, current_hash, your_content}`.
   */
  EditConflict: 10409,
  /** Quire: a share link that expired or was revoked (never any content). */
  ShareLinkGone: 10410,
  /** Quire: a request too large for the transport (HTTP 413). */
  PayloadTooLarge: 10413,
  /** Quire: too many requests from one address (HTTP 429). */
  RateLimited: 10429,
  /** Quire: the service that owns the call is unreachable. */
  Unavailable: 10503,
  /** Quire: the HTTP API test tool's server proxy is turned off (site setting `http_proxy_open`). */
  HttpProxyClosed: 10460,
  /** Quire: the server proxy refuses the target address (loopback, private, link-local, reserved …). */
  HttpProxyForbidden: 10461,
  /** Quire: the server proxy could not complete the request (unreachable, too slow, too large). */
  HttpProxyFailed: 10462,
  TeamNotOwned: 102099,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
