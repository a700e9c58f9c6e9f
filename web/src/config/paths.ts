/**
 * The route table of SPEC §2 as typed constants: `path` is the router pattern,
 * `getHref(...)` builds a link. Components never write URL strings themselves.
 */

function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '' && value !== 0) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/user/login', getHref: (redirect?: string) => withQuery('/user/login', { redirect }) },
  register: { path: '/user/register', getHref: () => '/user/register' },
  settings: { path: '/user/setting', getHref: () => '/user/setting' },
  resetPassword: { path: '/user/resetPassword', getHref: () => '/user/resetPassword' },
  resetPasswordByUrl: {
    path: '/user/ResetPasswordByUrl',
    getHref: (query: { uid: number | string; email: string; token: string }) => withQuery('/user/ResetPasswordByUrl', query),
  },
  /** Not in SPEC §2: the target of the address-verification mail (auth service, `email-links.ts`). */
  verifyEmail: { path: '/user/verifyEmail', getHref: () => '/user/verifyEmail' },
  /** Not in SPEC §2: where the OpenID provider sends the browser back (issue 21; proto's OIDC_CALLBACK_PATH). */
  oidcCallback: { path: '/oidc/callback', getHref: () => '/oidc/callback' },
  itemIndex: { path: '/item/index', getHref: () => '/item/index' },
  itemAdd: { path: '/item/add', getHref: () => '/item/add' },
  itemPassword: {
    path: '/item/password/:itemId',
    getHref: (itemId: number | string, query: { pageId?: number | string; redirect?: string } = {}) =>
      withQuery(`/item/password/${encodeURIComponent(String(itemId))}`, { page_id: query.pageId, redirect: query.redirect }),
  },
  itemExport: { path: '/item/export/:itemId', getHref: (itemId: number | string) => `/item/export/${itemId}` },
  itemSetting: { path: '/item/setting/:itemId', getHref: (itemId: number | string) => `/item/setting/${itemId}` },
  /** `/{item_id or domain}?page_id=`: the item reader. */
  itemView: {
    path: '/:itemKey',
    getHref: (itemKey: number | string, pageId?: number | string) => withQuery(`/${encodeURIComponent(String(itemKey))}`, { page_id: pageId }),
  },
  page: { path: '/page/:pageId', getHref: (pageId: number | string) => `/page/${pageId}` },
  sharedPage: { path: '/p/:uniqueKey', getHref: (uniqueKey: string) => `/p/${encodeURIComponent(uniqueKey)}` },
  shareLink: {
    path: '/s/:shareKey',
    getHref: (shareKey: string, pageId = 0) => `/s/${encodeURIComponent(shareKey)}${pageId > 0 ? `?page_id=${pageId}` : ''}`,
  },
  pageEdit: {
    path: '/page/edit/:itemId/:pageId',
    getHref: (itemId: number | string, pageId: number | string, query: { copyPageId?: number | string } = {}) =>
      withQuery(`/page/edit/${itemId}/${pageId}`, { copy_page_id: query.copyPageId }),
  },
  pageDiff: {
    path: '/page/diff/:pageId/:pageHistoryId',
    getHref: (pageId: number | string, pageHistoryId: number | string) => `/page/diff/${pageId}/${pageHistoryId}`,
  },
  catalog: { path: '/catalog/:itemId', getHref: (itemId: number | string) => `/catalog/${itemId}` },
  /**
   * Not in SPEC §2: the editor's HTTP API test tool, opened in a new window; a page's "Try it" fills it (the request
   * rides in the fragment, so it never reaches a server log).
   */
  httpTest: {
    path: '/tools/http-test',
    getHref: (request?: HttpTestPrefill) => (request ? `/tools/http-test#request=${encodeURIComponent(JSON.stringify(request))}` : '/tools/http-test'),
  },
  noticeIndex: { path: '/notice/index', getHref: () => '/notice/index' },
  adminIndex: { path: '/admin/index', getHref: () => '/admin/index' },
  teamIndex: { path: '/team/index', getHref: () => '/team/index' },
  teamMember: { path: '/team/member/:teamId', getHref: (teamId: number | string) => `/team/member/${teamId}` },
  teamItem: { path: '/team/item/:teamId', getHref: (teamId: number | string) => `/team/item/${teamId}` },
} as const;

/** What "Try it" fills the HTTP test tool with. */
export interface HttpTestPrefill {
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
}

/** The request in a `/tools/http-test#request=…` fragment, or null when there is none or it is not one. */
export function readHttpTestPrefill(hash: string): HttpTestPrefill | null {
  const match = /^#request=(.*)$/s.exec(hash);
  if (!match) return null;
  try {
    const value = JSON.parse(decodeURIComponent(match[1])) as Partial<HttpTestPrefill>;
    if (typeof value.method !== 'string' || typeof value.url !== 'string') return null;
    const headers = Array.isArray(value.headers)
      ? value.headers.filter((row): row is [string, string] => Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'string')
      : [];
    return { method: value.method, url: value.url, headers, body: typeof value.body === 'string' ? value.body : '' };
  } catch {
    return null;
  }
}

/** The path and query of the current location: the `redirect` value sent to login and the password screen. */
export function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Only same-site paths are followed after login or unlock (an open redirect otherwise). */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return fallback;
  return target;
}
