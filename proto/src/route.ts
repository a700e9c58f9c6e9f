import { API_IMPORT_MAX_BYTES } from './schemas/api-import.schema';
import { SHOWDOC_IMPORT_MAX_BYTES } from './schemas/import.schema';
import { MARKDOWN_IMPORT_LIMITS } from './schemas/markdown-import.schema';
import { Subject } from './subject';

/**
 * Who may call a route: anyone, anyone (the user is resolved when logged in), a logged-in user, an
 * administrator, or whoever holds the item's open-API `api_key` and `api_token` (the call carries its
 * own credential; no session is forwarded with it).
 */
export type AuthRule = 'none' | 'optional' | 'required' | 'admin' | 'apiKey';

/** A route whose multipart body carries a file: the gateway streams it into BlobStorage and forwards its key. */
export interface UploadRule {
  /** Multipart field names that may hold the file, forwarded as `params.file`; first match wins. */
  fields: string[];
  /**
   * Further file parts the route takes by name (a database and a zip of its files), each stored like the file and
   * forwarded under its own name (`params.db`, `params.uploads`); the first part of each name wins.
   * `maxBytes` bounds each file.
   */
  parts?: string[];
  /** The largest file the route takes, when not MAX_UPLOAD_BYTES (a zip to import). */
  maxBytes?: number;
  /** Answer in editor.md's protocol `{success, url, message}` instead of the envelope, errors included. */
  editorMd?: boolean;
}

/**
 * What a call does to stored state. A `read` never changes it and answers any method; a `write`
 * (anything a user would see change: data, a session, an unlock, a job) is refused when sent as
 * GET or HEAD, and, when the browser's session cookie carries it, unless it came from the site's own pages.
 */
export type RouteEffect = 'read' | 'write';

export interface Route {
  subject: Subject;
  auth: AuthRule;
  effect: RouteEffect;
  /**
   * Its failed calls count in the gateway's per-address limit (`RATE_LIMIT_PER_MINUTE`): calls that
   * guess a secret (login, register, passwords, mailed links, visit passwords) or confirm with one.
   */
  rateLimited?: boolean;
  upload?: UploadRule;
  /**
   * Refused when a personal API token authenticated the call (issue 21): what manages credentials (tokens, the
   * password, the second factor) needs the user's own session.
   */
  sessionOnly?: boolean;
}

/**
 * Every `/api/<controller>/<action>` of the spec (SPEC §7) and of the contract's extra
 * calls (§10, §11). Keys are lower-case; the gateway lower-cases the request path.
 */
const table: Record<string, Route> = {
  'common/verify': { subject: Subject.AuthCaptchaCreate, auth: 'none', effect: 'read' },
  'common/qrcode': { subject: Subject.AuthQrcodeCreate, auth: 'none', effect: 'read' },
  // ShowDoc 3.x: the POST stores a new captcha; the image only reads it.
  'common/createcaptcha': { subject: Subject.AuthCaptchaCreateById, auth: 'none', effect: 'write' },
  'common/showcaptcha': { subject: Subject.AuthCaptchaShowById, auth: 'none', effect: 'read' },
  'common/homepagesetting': { subject: Subject.AdminSettingHomePage, auth: 'none', effect: 'read' },
  'scriptcron/run': { subject: Subject.AdminCronRun, auth: 'none', effect: 'write' },

  'user/login': { subject: Subject.AuthUserLogin, auth: 'none', effect: 'write', rateLimited: true },
  'user/register': { subject: Subject.AuthUserRegister, auth: 'none', effect: 'write', rateLimited: true },
  'user/loginbyverify': { subject: Subject.AuthUserLoginByVerify, auth: 'none', effect: 'write', rateLimited: true },
  'user/registerbyverify': { subject: Subject.AuthUserRegisterByVerify, auth: 'none', effect: 'write', rateLimited: true },
  'user/info': { subject: Subject.AuthUserInfo, auth: 'required', effect: 'read' },
  'user/logout': { subject: Subject.AuthUserLogout, auth: 'optional', effect: 'write' },
  'user/updateinfo': { subject: Subject.AuthUserUpdateInfo, auth: 'required', effect: 'write' },
  'user/resetpassword': { subject: Subject.AuthUserResetPassword, auth: 'required', effect: 'write', rateLimited: true, sessionOnly: true },
  'user/updateemail': { subject: Subject.AuthUserUpdateEmail, auth: 'required', effect: 'write', rateLimited: true, sessionOnly: true },
  'user/resetpasswordemail': { subject: Subject.AuthUserResetPasswordEmail, auth: 'none', effect: 'write', rateLimited: true },
  'user/resetpasswordbyurl': { subject: Subject.AuthUserResetPasswordByUrl, auth: 'none', effect: 'write', rateLimited: true },
  'user/alluser': { subject: Subject.AuthUserAll, auth: 'required', effect: 'read' },
  'user/verifyemail': { subject: Subject.AuthUserVerifyEmail, auth: 'none', effect: 'write', rateLimited: true },
  // Quire (issue 21): personal API tokens, made and revoked from a session only (a token never makes another).
  'token/create': { subject: Subject.AuthTokenCreate, auth: 'required', effect: 'write', sessionOnly: true },
  'token/list': { subject: Subject.AuthTokenList, auth: 'required', effect: 'read', sessionOnly: true },
  'token/revoke': { subject: Subject.AuthTokenRevoke, auth: 'required', effect: 'write', sessionOnly: true },
  // Quire (issue 21): two-factor sign-in; setup and enable also take a login's enrolment challenge instead of a session.
  'user/logintwofactor': { subject: Subject.AuthUserLoginTwoFactor, auth: 'none', effect: 'write', rateLimited: true },
  'twofactor/status': { subject: Subject.AuthTwoFactorStatus, auth: 'required', effect: 'read', sessionOnly: true },
  'twofactor/setup': { subject: Subject.AuthTwoFactorSetup, auth: 'optional', effect: 'write', rateLimited: true, sessionOnly: true },
  'twofactor/enable': { subject: Subject.AuthTwoFactorEnable, auth: 'optional', effect: 'write', rateLimited: true, sessionOnly: true },
  'twofactor/disable': { subject: Subject.AuthTwoFactorDisable, auth: 'required', effect: 'write', rateLimited: true, sessionOnly: true },
  'twofactor/recoverycodes': { subject: Subject.AuthTwoFactorRecoveryCodes, auth: 'required', effect: 'write', rateLimited: true, sessionOnly: true },
  'adminuser/resettwofactor': { subject: Subject.AuthAdminResetTwoFactor, auth: 'admin', effect: 'write', sessionOnly: true },
  // Quire (issue 21): OpenID Connect sign-on; the callback checks a state bound to the browser, once. Who signs in
  // through which provider is changed from a session only: a stolen administrator token cannot redirect sign-in.
  'oidc/info': { subject: Subject.AuthOidcInfo, auth: 'none', effect: 'read' },
  'oidc/start': { subject: Subject.AuthOidcStart, auth: 'none', effect: 'write' },
  'oidc/callback': { subject: Subject.AuthOidcCallback, auth: 'none', effect: 'write', rateLimited: true },
  'adminoidc/load': { subject: Subject.AuthOidcLoad, auth: 'admin', effect: 'read' },
  'adminoidc/save': { subject: Subject.AuthOidcSave, auth: 'admin', effect: 'write', sessionOnly: true },

  'item/mylist': { subject: Subject.ItemItemMyList, auth: 'required', effect: 'read' },
  'item/add': { subject: Subject.ItemItemAdd, auth: 'required', effect: 'write' },
  'item/pwd': { subject: Subject.ItemItemPwd, auth: 'optional', effect: 'write', rateLimited: true },
  'item/info': { subject: Subject.ItemItemInfo, auth: 'optional', effect: 'read' },
  'item/detail': { subject: Subject.ItemItemDetail, auth: 'required', effect: 'read' },
  'item/update': { subject: Subject.ItemItemUpdate, auth: 'required', effect: 'write' },
  'item/exititem': { subject: Subject.ItemItemExit, auth: 'required', effect: 'write' },
  'item/sort': { subject: Subject.ItemItemSort, auth: 'required', effect: 'write' },
  'item/delete': { subject: Subject.ItemItemDelete, auth: 'required', effect: 'write', rateLimited: true },
  'item/archive': { subject: Subject.ItemItemArchive, auth: 'required', effect: 'write', rateLimited: true },
  'item/attorn': { subject: Subject.ItemItemAttorn, auth: 'required', effect: 'write', rateLimited: true },
  'item/getkey': { subject: Subject.ItemItemGetKey, auth: 'required', effect: 'read' },
  'item/resetkey': { subject: Subject.ItemItemResetKey, auth: 'required', effect: 'write' },
  'item/updatebyapi': { subject: Subject.ItemOpenUpdatePage, auth: 'apiKey', effect: 'write' },
  'open/updateitem': { subject: Subject.ItemOpenUpdatePage, auth: 'apiKey', effect: 'write' },
  'open/updatepage': { subject: Subject.ItemOpenUpdatePage, auth: 'apiKey', effect: 'write' },
  'open/updatedbitem': { subject: Subject.ItemOpenUpdateDbItem, auth: 'apiKey', effect: 'write' },
  'open/fromcomments': { subject: Subject.ItemOpenFromComments, auth: 'apiKey', effect: 'write' },

  'member/getlist': { subject: Subject.ItemMemberList, auth: 'required', effect: 'read' },
  'member/save': { subject: Subject.ItemMemberSave, auth: 'required', effect: 'write' },
  'member/delete': { subject: Subject.ItemMemberDelete, auth: 'required', effect: 'write' },

  'page/info': { subject: Subject.PagePageInfo, auth: 'optional', effect: 'read' },
  'page/infobykey': { subject: Subject.PagePageInfoByKey, auth: 'optional', effect: 'read' },
  'page/save': { subject: Subject.PagePageSave, auth: 'required', effect: 'write' },
  'page/delete': { subject: Subject.PagePageDelete, auth: 'required', effect: 'write' },
  'page/history': { subject: Subject.PagePageHistory, auth: 'optional', effect: 'read' },
  'page/diff': { subject: Subject.PagePageDiff, auth: 'optional', effect: 'read' },
  'page/createsinglepage': { subject: Subject.PagePageCreateSinglePage, auth: 'required', effect: 'write' },
  // Quire (issue 20): scoped share links; a visitor's reads guess a key or a password, so their failures are limited.
  'share/create': { subject: Subject.PageShareCreate, auth: 'required', effect: 'write' },
  'share/list': { subject: Subject.PageShareList, auth: 'required', effect: 'read' },
  'share/revoke': { subject: Subject.PageShareRevoke, auth: 'required', effect: 'write' },
  'share/info': { subject: Subject.PageShareInfo, auth: 'optional', effect: 'read', rateLimited: true },
  'share/page': { subject: Subject.PageSharePage, auth: 'optional', effect: 'read', rateLimited: true },
  'page/sort': { subject: Subject.PagePageSort, auth: 'required', effect: 'write' },
  'page/uploadimg': { subject: Subject.PageAttachmentUploadImage, auth: 'required', effect: 'write', upload: { fields: ['editormd-image-file', 'file'], editorMd: true } },
  'page/upload': { subject: Subject.PageAttachmentUpload, auth: 'required', effect: 'write', upload: { fields: ['file', 'editormd-image-file'] } },
  'page/uploadlist': { subject: Subject.PageAttachmentList, auth: 'optional', effect: 'read' },
  'pagecomment/add': { subject: Subject.PageCommentAdd, auth: 'required', effect: 'write' },
  'pagecomment/getlist': { subject: Subject.PageCommentList, auth: 'optional', effect: 'read' },
  'pagecomment/list': { subject: Subject.PageCommentList, auth: 'optional', effect: 'read' },
  'pagecomment/delete': { subject: Subject.PageCommentDelete, auth: 'required', effect: 'write' },
  'page/deleteuploadfile': { subject: Subject.PageAttachmentDelete, auth: 'required', effect: 'write' },
  'attachment/visitfile': { subject: Subject.PageAttachmentVisit, auth: 'optional', effect: 'read' },

  'catalog/catlistgroup': { subject: Subject.PageCatalogListGroup, auth: 'required', effect: 'read' },
  'catalog/getdefaultcat': { subject: Subject.PageCatalogDefault, auth: 'required', effect: 'read' },
  'catalog/save': { subject: Subject.PageCatalogSave, auth: 'required', effect: 'write' },
  'catalog/delete': { subject: Subject.PageCatalogDelete, auth: 'required', effect: 'write' },
  'catalog/batupdate': { subject: Subject.PageCatalogBatchUpdate, auth: 'required', effect: 'write' },
  'catalog/getpagesbycat': { subject: Subject.PageCatalogPages, auth: 'required', effect: 'read' },

  'template/getlist': { subject: Subject.PageTemplateList, auth: 'required', effect: 'read' },
  'template/save': { subject: Subject.PageTemplateSave, auth: 'required', effect: 'write' },
  'template/delete': { subject: Subject.PageTemplateDelete, auth: 'required', effect: 'write' },

  'recycle/getlist': { subject: Subject.PageRecycleList, auth: 'required', effect: 'read' },
  'recycle/recover': { subject: Subject.PageRecycleRecover, auth: 'required', effect: 'write' },
  // Quire's bin screen (edit right on the item): deleted catalogs too, restore to the old place, purge.
  'recycle/getbin': { subject: Subject.PageRecycleBin, auth: 'required', effect: 'read' },
  'recycle/restore': { subject: Subject.PageRecycleRestore, auth: 'required', effect: 'write' },
  'recycle/purge': { subject: Subject.PageRecyclePurge, auth: 'required', effect: 'write' },

  'team/getlist': { subject: Subject.TeamTeamList, auth: 'required', effect: 'read' },
  'team/save': { subject: Subject.TeamTeamSave, auth: 'required', effect: 'write' },
  'team/delete': { subject: Subject.TeamTeamDelete, auth: 'required', effect: 'write' },
  'teamitem/getlist': { subject: Subject.TeamItemList, auth: 'required', effect: 'read' },
  'teamitem/save': { subject: Subject.TeamItemSave, auth: 'required', effect: 'write' },
  'teamitem/delete': { subject: Subject.TeamItemDelete, auth: 'required', effect: 'write' },
  'teamitem/getlistbyteam': { subject: Subject.TeamItemListByTeam, auth: 'required', effect: 'read' },
  'teamitemmember/getlist': { subject: Subject.TeamItemMemberList, auth: 'required', effect: 'read' },
  'teamitemmember/save': { subject: Subject.TeamItemMemberSave, auth: 'required', effect: 'write' },
  'teammember/getlist': { subject: Subject.TeamMemberList, auth: 'required', effect: 'read' },
  'teammember/save': { subject: Subject.TeamMemberSave, auth: 'required', effect: 'write' },
  'teammember/delete': { subject: Subject.TeamMemberDelete, auth: 'required', effect: 'write' },

  'notice/getlist': { subject: Subject.NoticeNoticeList, auth: 'required', effect: 'read' },
  'notice/setread': { subject: Subject.NoticeNoticeSetRead, auth: 'required', effect: 'write' },
  'notice/delete': { subject: Subject.NoticeNoticeDelete, auth: 'required', effect: 'write' },

  'adminitem/getlist': { subject: Subject.AdminItemList, auth: 'admin', effect: 'read' },
  'adminitem/deleteitem': { subject: Subject.AdminItemDelete, auth: 'admin', effect: 'write' },
  'adminitem/attorn': { subject: Subject.AdminItemAttorn, auth: 'admin', effect: 'write' },
  'adminuser/getlist': { subject: Subject.AuthAdminListUsers, auth: 'admin', effect: 'read' },
  'adminuser/deleteuser': { subject: Subject.AuthAdminDeleteUser, auth: 'admin', effect: 'write' },
  'adminuser/changepassword': { subject: Subject.AuthAdminChangePassword, auth: 'admin', effect: 'write' },
  'adminuser/adduser': { subject: Subject.AuthAdminAddUser, auth: 'admin', effect: 'write' },
  'adminuser/checkupdate': { subject: Subject.AdminUserCheckUpdate, auth: 'admin', effect: 'read' },
  'adminsetting/loadconfig': { subject: Subject.AdminSettingLoad, auth: 'admin', effect: 'read' },
  'adminsetting/saveconfig': { subject: Subject.AdminSettingSave, auth: 'admin', effect: 'write' },
  'adminnotice/send': { subject: Subject.AdminNoticeSend, auth: 'admin', effect: 'write' },
  'adminmail/outbox': { subject: Subject.AdminMailOutbox, auth: 'admin', effect: 'read' },
  // Quire (issue 20): the audit log; its CSV is a GET download; an item's owner reads their item's entries.
  'admin/auditlog': { subject: Subject.AuditLogList, auth: 'admin', effect: 'read' },
  'admin/auditlogcsv': { subject: Subject.AuditLogCsv, auth: 'admin', effect: 'read' },
  'item/auditlog': { subject: Subject.AuditLogItem, auth: 'required', effect: 'read' },
  // A ShowDoc site brought over (issue 16): its database (`db`) and a zip of Public/Uploads (`uploads`), or one zip of
  // both (`file`), runs as a job.
  'adminimport/showdoc': {
    subject: Subject.ImportShowdocStart,
    auth: 'admin',
    effect: 'write',
    upload: { fields: ['file'], parts: ['db', 'uploads'], maxBytes: SHOWDOC_IMPORT_MAX_BYTES },
  },
  'adminimport/status': { subject: Subject.ImportJobStatus, auth: 'admin', effect: 'read' },
  'adminimport/report': { subject: Subject.ImportJobReport, auth: 'admin', effect: 'read' },

  // The Word and Markdown exports answer the file (ShowDoc's export link is a GET navigation): reading, whatever job runs meanwhile.
  'export/word': { subject: Subject.ExportWordExport, auth: 'required', effect: 'read' },
  'export/start': { subject: Subject.ExportJobStart, auth: 'required', effect: 'write' },
  'export/status': { subject: Subject.ExportJobStatus, auth: 'required', effect: 'read' },
  'export/download': { subject: Subject.ExportJobDownload, auth: 'required', effect: 'read' },
  'export/markdown': { subject: Subject.ExportMarkdownExport, auth: 'required', effect: 'read' },
  'export/pdf': { subject: Subject.ExportPdfExport, auth: 'required', effect: 'read' },
  'export/html': { subject: Subject.ExportHtmlExport, auth: 'required', effect: 'read' },
  // Quire (issue 19): the generated API pages of an item or catalog as one OpenAPI 3.1 document, JSON or YAML.
  'export/openapi': { subject: Subject.PageExportOpenapi, auth: 'required', effect: 'read' },

  // ShowDoc's import/auto: a zip of Markdown files becomes an item (Postman and Swagger files have their own calls below).
  'import/auto': { subject: Subject.ImportMarkdownAuto, auth: 'required', effect: 'write', upload: { fields: ['file'], maxBytes: MARKDOWN_IMPORT_LIMITS.maxZipBytes } },
  // ShowDoc 3.x's API imports (issue 19): an OpenAPI / Swagger document or a Postman collection becomes catalogs and pages.
  'importswagger/import': { subject: Subject.ImportApiSwagger, auth: 'required', effect: 'write', upload: { fields: ['file'], maxBytes: API_IMPORT_MAX_BYTES } },
  'importpostman/import': { subject: Subject.ImportApiPostman, auth: 'required', effect: 'write', upload: { fields: ['file'], maxBytes: API_IMPORT_MAX_BYTES } },
  // Quire: the same from a URL, fetched through the HTTP test tool's address guard.
  'importapi/url': { subject: Subject.ImportApiUrl, auth: 'required', effect: 'write' },
  // Quire: re-sync from the remembered source (or a new file / URL); its summaries; CI with the item's api_key / api_token; the scheduled pass now.
  'importapi/resync': { subject: Subject.ImportApiResync, auth: 'required', effect: 'write', upload: { fields: ['file'], maxBytes: API_IMPORT_MAX_BYTES } },
  'importapi/resyncstart': { subject: Subject.ImportApiResyncStart, auth: 'required', effect: 'write', upload: { fields: ['file'], maxBytes: API_IMPORT_MAX_BYTES } },
  'importapi/resyncstatus': { subject: Subject.ImportApiResyncStatus, auth: 'required', effect: 'read' },
  'importapi/history': { subject: Subject.ImportApiHistory, auth: 'required', effect: 'read' },
  'importapi/sources': { subject: Subject.ImportApiSources, auth: 'required', effect: 'read' },
  'open/resyncapi': { subject: Subject.ImportApiResyncOpen, auth: 'apiKey', effect: 'write', upload: { fields: ['file'], maxBytes: API_IMPORT_MAX_BYTES } },
  'adminimport/apiresync': { subject: Subject.ImportApiResyncDue, auth: 'admin', effect: 'write' },

  // Anonymous callers search the public items (and those their browser unlocked).
  'search/query': { subject: Subject.SearchPageQuery, auth: 'optional', effect: 'read' },
  'item/search': { subject: Subject.SearchItemSearch, auth: 'optional', effect: 'read' },

  // ShowDoc 3.9's own web client (issue 27): its item groups, editor lock, catalog lists, header and version calls.
  'itemgroup/getlist': { subject: Subject.ItemGroupList, auth: 'required', effect: 'read' },
  'itemgroup/save': { subject: Subject.ItemGroupSave, auth: 'required', effect: 'write' },
  'itemgroup/delete': { subject: Subject.ItemGroupDelete, auth: 'required', effect: 'write' },
  'itemgroup/savesort': { subject: Subject.ItemGroupSaveSort, auth: 'required', effect: 'write' },
  'agent/config': { subject: Subject.ItemAgentConfig, auth: 'optional', effect: 'read' },
  'catalog/catlist': { subject: Subject.PageCatalogList, auth: 'optional', effect: 'read' },
  'catalog/catlistname': { subject: Subject.PageCatalogListName, auth: 'optional', effect: 'read' },
  'template/getmylist': { subject: Subject.PageTemplateMyList, auth: 'required', effect: 'read' },
  'page/islock': { subject: Subject.PageLockState, auth: 'optional', effect: 'read' },
  'page/setlock': { subject: Subject.PageLockSet, auth: 'required', effect: 'write' },
  'page/unlock': { subject: Subject.PageLockRelease, auth: 'required', effect: 'write' },
  'message/getunread': { subject: Subject.NoticeMessageUnread, auth: 'required', effect: 'read' },
  'message/getunreadremind': { subject: Subject.NoticeMessageUnreadRemind, auth: 'required', effect: 'read' },
  'message/getremindlist': { subject: Subject.NoticeMessageRemindList, auth: 'required', effect: 'read' },
  'message/getannouncementlist': { subject: Subject.NoticeMessageAnnouncementList, auth: 'required', effect: 'read' },
  'message/setread': { subject: Subject.NoticeMessageSetRead, auth: 'required', effect: 'write' },
  'message/delete': { subject: Subject.NoticeMessageDelete, auth: 'required', effect: 'write' },
  'common/version': { subject: Subject.AdminSiteVersion, auth: 'none', effect: 'read' },
  'publicsquare/checkenabled': { subject: Subject.AdminSitePublicSquare, auth: 'none', effect: 'read' },

  // Quire (issue 20): webhooks of an item (its owner) or of the whole site (item_id 0, administrators); the service checks who.
  'webhook/create': { subject: Subject.WebhookHookCreate, auth: 'required', effect: 'write' },
  'webhook/list': { subject: Subject.WebhookHookList, auth: 'required', effect: 'read' },
  'webhook/update': { subject: Subject.WebhookHookUpdate, auth: 'required', effect: 'write' },
  'webhook/delete': { subject: Subject.WebhookHookDelete, auth: 'required', effect: 'write' },
  'webhook/regeneratesecret': { subject: Subject.WebhookHookRegenerateSecret, auth: 'required', effect: 'write' },
  'webhook/test': { subject: Subject.WebhookHookTest, auth: 'required', effect: 'write' },
  'webhook/deliveries': { subject: Subject.WebhookHookDeliveries, auth: 'required', effect: 'read' },
};

export const Routes: Readonly<Record<string, Route>> = table;

/** `User/Login`, `user/login` and `USER/LOGIN` name the same route; `team_item` names `teamItem`. */
export function routeKey(controller: string, action: string): string {
  const normalise = (part: string) => part.replace(/_/g, '').toLowerCase();
  return `${normalise(controller)}/${normalise(action)}`;
}

export function findRoute(controller: string, action: string): Route | undefined {
  return Object.prototype.hasOwnProperty.call(Routes, routeKey(controller, action)) ? Routes[routeKey(controller, action)] : undefined;
}
