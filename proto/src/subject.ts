/**
 * One subject per message, `<service>.<entity>.<verb>`. The first segment names the
 * service (and NATS queue group) that answers it.
 */
export const Subject = {
  // auth
  AuthUserLogin: 'auth.user.login',
  AuthUserRegister: 'auth.user.register',
  AuthUserInfo: 'auth.user.info',
  AuthUserLogout: 'auth.user.logout',
  AuthUserUpdateInfo: 'auth.user.updateInfo',
  AuthUserResetPassword: 'auth.user.resetPassword',
  AuthUserUpdateEmail: 'auth.user.updateEmail',
  AuthUserResetPasswordEmail: 'auth.user.resetPasswordEmail',
  AuthUserResetPasswordByUrl: 'auth.user.resetPasswordByUrl',
  AuthUserAll: 'auth.user.all',
  AuthCaptchaCreate: 'auth.captcha.create',
  AuthQrcodeCreate: 'auth.qrcode.create',
  /** ShowDoc 3.x: a captcha kept under its own `captcha_id` (not the browser's), and its image. */
  AuthCaptchaCreateById: 'auth.captcha.createById',
  AuthCaptchaShowById: 'auth.captcha.showById',
  /** ShowDoc 3.x: `user/login` / `user/register` checked with a `captcha_id` captcha every time. */
  AuthUserLoginByVerify: 'auth.user.loginByVerify',
  AuthUserRegisterByVerify: 'auth.user.registerByVerify',
  /** Internal: check (and consume) the captcha code the caller's browser was shown. */
  AuthCaptchaVerify: 'auth.captcha.verify',
  /** Internal: check a user's login password (item delete / archive / attorn). */
  AuthUserVerifyPassword: 'auth.user.verifyPassword',
  /** Internal: look a user up by username (attorn, members). */
  AuthUserFind: 'auth.user.find',
  AuthUserVerifyEmail: 'auth.user.verifyEmail',
  /** The console's user management (`adminUser/*`, routed straight to auth, which owns the users); groupid 1 callers only. */
  AuthAdminListUsers: 'auth.admin.listUsers',
  AuthAdminAddUser: 'auth.admin.addUser',
  AuthAdminChangePassword: 'auth.admin.changePassword',
  AuthAdminDeleteUser: 'auth.admin.deleteUser',
  /** Internal (admin service): try an LDAP configuration (connect, bind, search the base DN). */
  AuthLdapTest: 'auth.ldap.test',
  /** Internal (admin service): the mail kept in the outbox when no SMTP server is configured. */
  AuthMailOutbox: 'auth.mail.outbox',
  // item
  ItemItemMyList: 'item.item.myList',
  ItemItemAdd: 'item.item.add',
  ItemItemPwd: 'item.item.pwd',
  ItemItemInfo: 'item.item.info',
  ItemItemDetail: 'item.item.detail',
  ItemItemUpdate: 'item.item.update',
  ItemItemExit: 'item.item.exit',
  ItemItemSort: 'item.item.sort',
  ItemItemDelete: 'item.item.delete',
  ItemItemArchive: 'item.item.archive',
  ItemItemAttorn: 'item.item.attorn',
  ItemItemGetKey: 'item.item.getKey',
  ItemItemResetKey: 'item.item.resetKey',
  ItemOpenUpdatePage: 'item.open.updatePage',
  ItemOpenUpdateDbItem: 'item.open.updateDbItem',
  ItemOpenFromComments: 'item.open.fromComments',
  ItemMemberList: 'item.member.list',
  ItemMemberSave: 'item.member.save',
  ItemMemberDelete: 'item.member.delete',
  /** Internal: what the caller may do with an item (visit / edit / creator), asked by other services. */
  ItemAccessCheck: 'item.access.check',
  /** Internal: the live items the caller may read (search filters its hits by them). */
  ItemAccessReadable: 'item.access.readable',
  /** Internal: a page of the item changed (bumps `last_update_time`). */
  ItemItemTouch: 'item.item.touch',
  /** Internal: saving the page of a single-page item renames the item. */
  ItemItemRename: 'item.item.rename',
  /** Internal: live items by id without their visit passwords (team projects list). */
  ItemItemSummaries: 'item.item.summaries',
  /** Internal: purge soft-deleted items past their retention (timer and ScriptCron/run). */
  ItemMaintenancePurge: 'item.maintenance.purge',
  /** Internal (admin service): the console's views over items; groupid 1 callers only. */
  ItemAdminList: 'item.admin.list',
  ItemAdminDelete: 'item.admin.delete',
  ItemAdminAttorn: 'item.admin.attorn',
  ItemAdminCountOwned: 'item.admin.countOwned',
  /** Internal (admin service): a deleted user leaves every item they were a member of. */
  ItemAdminForgetUser: 'item.admin.forgetUser',
  // page
  PagePageInfo: 'page.page.info',
  PagePageInfoByKey: 'page.page.infoByKey',
  PagePageSave: 'page.page.save',
  PagePageDelete: 'page.page.delete',
  PagePageHistory: 'page.page.history',
  PagePageDiff: 'page.page.diff',
  PagePageCreateSinglePage: 'page.page.createSinglePage',
  PagePageSort: 'page.page.sort',
  /** Quire (issue 20): scoped share links of a page, a catalog or an item; password, expiry, views, revoke. */
  PageShareCreate: 'page.share.create',
  PageShareList: 'page.share.list',
  PageShareRevoke: 'page.share.revoke',
  PageShareInfo: 'page.share.info',
  PageSharePage: 'page.share.page',
  PageAttachmentUploadImage: 'page.attachment.uploadImage',
  PageAttachmentUpload: 'page.attachment.upload',
  PageAttachmentList: 'page.attachment.list',
  PageAttachmentDelete: 'page.attachment.delete',
  PageAttachmentVisit: 'page.attachment.visit',
  /** Internal: the menu (pages and catalogs) of an item, for item/info. */
  PageMenuGet: 'page.menu.get',
  /** Internal: item/info's keyword hits: the live pages of an item the search service found, in its order, flat. */
  PageMenuHits: 'page.menu.hits',
  /** Internal (collab): a live page's fields, text raw, to fill a co-editing document from. */
  PagePageLive: 'page.page.live',
  /** Internal (collab): write a co-edited page and a history version naming its contributors. */
  PagePageSaveLive: 'page.page.saveLive',
  /** Internal: which item a live page belongs to (item/pwd from `/page/{id}`). */
  PagePageItem: 'page.page.item',
  /** Internal: the page of a single-page item, for item/info. */
  PageItemSinglePage: 'page.item.singlePage',
  /** Internal: the first page of a new single-page item. */
  PageItemCreateFirstPage: 'page.item.createFirstPage',
  /** Internal: copy catalogs and pages into a new item (item/add with copy_item_id). */
  PageItemCopy: 'page.item.copy',
  /** Internal: hard-delete everything of a purged item. */
  PageItemPurge: 'page.item.purge',
  /** Internal: create or update a page by title under a catalog path (open API). */
  PagePageUpsertByTitle: 'page.page.upsertByTitle',
  /** Internal: purge recycled pages past their retention (timer and ScriptCron/run). */
  PageMaintenancePurge: 'page.maintenance.purge',
  /** Internal: live pages with their catalog path and author, for the search index. */
  PageSearchDocuments: 'page.search.documents',
  /** Internal: what each live page's index entry depends on, for the search index to check a kept index against. */
  PageSearchVersions: 'page.search.versions',
  PageCatalogListGroup: 'page.catalog.listGroup',
  PageCatalogDefault: 'page.catalog.default',
  PageCatalogSave: 'page.catalog.save',
  PageCatalogDelete: 'page.catalog.delete',
  PageCatalogBatchUpdate: 'page.catalog.batchUpdate',
  PageCatalogPages: 'page.catalog.pages',
  /** Internal: the catalogs and pages (no content) of an item or one catalog, menu order, for an export. */
  PageExportOutline: 'page.export.outline',
  /** Internal: the content of some pages of an item, in pieces that fit a transport message. */
  PageExportContent: 'page.export.content',
  /** Internal: the blob keys of attachments by sign, for images an export embeds. */
  PageAttachmentResolve: 'page.attachment.resolve',
  PageTemplateList: 'page.template.list',
  PageTemplateSave: 'page.template.save',
  PageTemplateDelete: 'page.template.delete',
  PageRecycleList: 'page.recycle.list',
  PageRecycleRecover: 'page.recycle.recover',
  /** Quire: the bin with deleted catalogs, restore to the old place, purge. */
  PageRecycleBin: 'page.recycle.bin',
  PageRecycleRestore: 'page.recycle.restore',
  PageRecyclePurge: 'page.recycle.purge',
  // team
  TeamTeamList: 'team.team.list',
  TeamTeamSave: 'team.team.save',
  TeamTeamDelete: 'team.team.delete',
  TeamItemList: 'team.item.list',
  TeamItemSave: 'team.item.save',
  TeamItemDelete: 'team.item.delete',
  TeamItemListByTeam: 'team.item.listByTeam',
  TeamItemMemberList: 'team.itemMember.list',
  TeamItemMemberSave: 'team.itemMember.save',
  TeamMemberList: 'team.member.list',
  TeamMemberSave: 'team.member.save',
  TeamMemberDelete: 'team.member.delete',
  /** Internal: the right a user holds on an item through teams (`item.access.check`), or null. */
  TeamAccessRights: 'team.access.rights',
  /** Internal: the items a user holds a team right on (`item/myList`). */
  TeamAccessItemsOfUser: 'team.access.itemsOfUser',
  /** Internal: a purged item leaves every team. */
  TeamItemPurge: 'team.item.purge',
  /** Internal: a deleted user leaves every team, and the item rights those teams gave go with it. */
  TeamMemberForgetUser: 'team.member.forgetUser',
  /** Internal (issue 21): a directory sign-in makes the user's membership of the mapped teams follow their LDAP groups. */
  TeamMemberSyncDirectory: 'team.member.syncDirectory',
  /** Internal (issue 21): which of these team ids exist (the LDAP group → team mapping is checked before it is saved). */
  TeamTeamExisting: 'team.team.existing',
  // notice
  NoticeNoticeList: 'notice.notice.list',
  NoticeNoticeSetRead: 'notice.notice.setRead',
  NoticeNoticeDelete: 'notice.notice.delete',
  /** Internal: deliver a notice to users (added to an item or team, item transferred, announcements). */
  NoticeNoticeSend: 'notice.notice.send',
  /** Internal: a user's unread count, for item/info. */
  NoticeNoticeUnreadCount: 'notice.notice.unreadCount',
  // admin
  AdminItemList: 'admin.item.list',
  AdminItemDelete: 'admin.item.delete',
  AdminItemAttorn: 'admin.item.attorn',
  AdminUserCheckUpdate: 'admin.user.checkUpdate',
  AdminSettingLoad: 'admin.setting.load',
  AdminSettingSave: 'admin.setting.save',
  AdminSettingGet: 'admin.setting.get',
  AdminSettingHomePage: 'admin.setting.homePage',
  AdminCronRun: 'admin.cron.run',
  AdminNoticeSend: 'admin.notice.send',
  AdminMailOutbox: 'admin.mail.outbox',
  // export
  ExportWordExport: 'export.word.export',
  ExportJobStart: 'export.job.start',
  ExportJobStatus: 'export.job.status',
  ExportJobDownload: 'export.job.download',
  ExportMarkdownExport: 'export.markdown.export',
  ExportPdfExport: 'export.pdf.export',
  ExportHtmlExport: 'export.html.export',
  // search
  SearchPageQuery: 'search.page.query',
  /** ShowDoc 3.x's in-item search (`item/search`). */
  SearchItemSearch: 'search.item.search',
  /** Internal (item service, after its visit check): the ids of one item's pages that match a keyword, best first (item/info). */
  SearchItemPages: 'search.item.pages',
  // ShowDoc 3.9's own web client (issue 27)
  /** `itemGroup/*`: a user's own named groups of items (tabs over the item list). */
  ItemGroupList: 'item.group.list',
  ItemGroupSave: 'item.group.save',
  ItemGroupDelete: 'item.group.delete',
  ItemGroupSaveSort: 'item.group.saveSort',
  /** `agent/config`: ShowDoc's AI assistant, answered "not enabled". */
  ItemAgentConfig: 'item.agent.config',
  /** `catalog/catList`, `catalog/catListName`: an item's catalogs, flat (the second with paths as names). */
  PageCatalogList: 'page.catalog.list',
  PageCatalogListName: 'page.catalog.listName',
  /** `template/getMyList`: `template/getList` with ShowDoc 3.9's sharing fields. */
  PageTemplateMyList: 'page.template.myList',
  /** `page/isLock`, `page/setLock`, `page/unlock`: ShowDoc's edit lock, answered from co-editing presence too. */
  PageLockState: 'page.lock.state',
  PageLockSet: 'page.lock.set',
  PageLockRelease: 'page.lock.release',
  /** Internal (page service): who is editing a page in the co-editor now. */
  CollabPresenceEditors: 'collab.presence.editors',
  /** `message/*`: ShowDoc 3.x's messages, answered from notices. */
  NoticeMessageUnread: 'notice.message.unread',
  NoticeMessageUnreadRemind: 'notice.message.unreadRemind',
  NoticeMessageRemindList: 'notice.message.remindList',
  NoticeMessageAnnouncementList: 'notice.message.announcementList',
  NoticeMessageSetRead: 'notice.message.setRead',
  NoticeMessageDelete: 'notice.message.delete',
  /** `common/version`, `publicSquare/checkEnabled`. */
  AdminSiteVersion: 'admin.site.version',
  AdminSitePublicSquare: 'admin.site.publicSquare',
  // imports (issue 16): internal writes of each owning service, sent by the import service only
  AuthImportUsers: 'auth.import.users',
  ItemImportItem: 'item.import.item',
  ItemImportPublish: 'item.import.publish',
  ItemImportDiscard: 'item.import.discard',
  ItemImportSort: 'item.import.sort',
  PageImportCatalogs: 'page.import.catalogs',
  PageImportPages: 'page.import.pages',
  PageImportHistory: 'page.import.history',
  PageImportTemplates: 'page.import.templates',
  PageImportTakenSigns: 'page.import.takenSigns',
  /** Markdown import: the content of pages of a pending imported item, once the links between them are known. */
  PageImportContents: 'page.import.contents',
  /** Markdown import into an existing item: the catalogs, pages and files of the pending staging item join it, in one unit. */
  PageImportMove: 'page.import.move',
  TeamImportTeam: 'team.import.team',
  // import: the console's ShowDoc import, run as a job
  ImportShowdocStart: 'import.showdoc.start',
  ImportJobStatus: 'import.job.status',
  ImportJobReport: 'import.job.report',
  /** `import/auto`: a zip of Markdown files (folders → catalogs) becomes a new item, or joins one the caller may edit. */
  ImportMarkdownAuto: 'import.markdown.auto',
  // API descriptions (issue 19): OpenAPI / Swagger / Postman documents become catalogs and pages
  /** ShowDoc's `importSwagger/import`: an uploaded document becomes a new item, or joins one the caller may edit. */
  ImportApiSwagger: 'import.api.swagger',
  /** ShowDoc's `importPostman/import`: the same call under Postman's name. */
  ImportApiPostman: 'import.api.postman',
  /** Quire's `importApi/url`: the document fetched from a URL (public addresses only unless allowed). */
  ImportApiUrl: 'import.api.url',
  /** Internal: the operation each generated page documents (`api_operation`), on a pending imported item's pages. */
  PageImportApiOperations: 'page.import.apiOperations',
  /** Internal: what an API import keeps of its document besides the operations (info, servers, security schemes); answers its source_id. */
  PageImportApiSource: 'page.import.apiSource',
  /** Internal: a batch of the named schemas of an API import's source record. */
  PageImportApiSchemas: 'page.import.apiSchemas',
  /** `export/openapi`: an item or catalog's generated API pages as one OpenAPI 3.1 document (JSON or YAML download). */
  PageExportOpenapi: 'page.export.openapi',
  /** Quire's `importApi/resync`: an item's (or catalog's) remembered API description read again, what changed rewritten. */
  ImportApiResync: 'import.api.resync',
  /** `open/resyncApi`: the same from CI, with the item's api_key and api_token. */
  ImportApiResyncOpen: 'import.api.resyncOpen',
  /** `importApi/resyncStart`: the same as a job; `importApi/resyncStatus`: its progress and summary. */
  ImportApiResyncStart: 'import.api.resyncStart',
  ImportApiResyncStatus: 'import.api.resyncStatus',
  /** `importApi/history`: an item's re-sync summaries. */
  ImportApiHistory: 'import.api.history',
  ImportApiSources: 'import.api.sources',
  /** `adminImport/apiResync`: the scheduled re-sync pass, run now. */
  ImportApiResyncDue: 'import.api.resyncDue',
  /** Internal: the generated pages under an API import's target (operation and hash of the generated part). */
  PageImportApiPages: 'page.import.apiPages',
  /** Internal: a re-sync's page writes (revisions, new pages, pages to the recycle bin). */
  PageImportApiResync: 'page.import.apiResync',
  /** Internal: the item an open-API key pair opens. */
  ItemOpenAuthorize: 'item.open.authorize',
  /** Internal: an item's owner and members, who hear of its re-syncs. */
  ItemImportAudience: 'item.import.audience',
  /** `pageComment/*`: comments under a page. */
  PageCommentAdd: 'page.comment.add',
  PageCommentList: 'page.comment.list',
  PageCommentDelete: 'page.comment.delete',
  /** Internal: an item's owner and members, who hear of new comments (the caller must be able to read the item). */
  ItemMemberAudience: 'item.member.audience',
  /** `token/*` (issue 21): personal API tokens. */
  AuthTokenCreate: 'auth.token.create',
  AuthTokenList: 'auth.token.list',
  AuthTokenRevoke: 'auth.token.revoke',
  /** Internal (gateway): a personal token was used (its last use, to the minute). */
  AuthTokenTouch: 'auth.token.touch',
  /** Two-factor sign-in (issue 21). */
  AuthUserLoginTwoFactor: 'auth.user.loginTwoFactor',
  AuthTwoFactorStatus: 'auth.twoFactor.status',
  AuthTwoFactorSetup: 'auth.twoFactor.setup',
  AuthTwoFactorEnable: 'auth.twoFactor.enable',
  AuthTwoFactorDisable: 'auth.twoFactor.disable',
  AuthTwoFactorRecoveryCodes: 'auth.twoFactor.recoveryCodes',
  AuthAdminResetTwoFactor: 'auth.admin.resetTwoFactor',
  /** OpenID Connect sign-on (issue 21). */
  AuthOidcInfo: 'auth.oidc.info',
  AuthOidcStart: 'auth.oidc.start',
  AuthOidcCallback: 'auth.oidc.callback',
  AuthOidcLoad: 'auth.oidc.load',
  AuthOidcSave: 'auth.oidc.save',
  // webhooks (issue 20): an item's (or the site's) hooks, their secrets, test sends and delivery logs
  WebhookHookCreate: 'webhook.hook.create',
  WebhookHookList: 'webhook.hook.list',
  WebhookHookUpdate: 'webhook.hook.update',
  WebhookHookDelete: 'webhook.hook.delete',
  WebhookHookRegenerateSecret: 'webhook.hook.regenerateSecret',
  WebhookHookTest: 'webhook.hook.test',
  WebhookHookDeliveries: 'webhook.hook.deliveries',
  /** Internal: a purged item's hooks and their delivery logs removed (the item service's purge). */
  WebhookItemPurge: 'webhook.item.purge',
  // audit log (issue 20): the administrator's whole log, its CSV, an item's entries for its owner; the scheduled removal
  AuditLogList: 'audit.log.list',
  AuditLogCsv: 'audit.log.csv',
  AuditLogItem: 'audit.log.item',
  AuditMaintenancePurge: 'audit.maintenance.purge',
} as const;

export type Subject = (typeof Subject)[keyof typeof Subject];

export const ServiceNames = ['auth', 'item', 'page', 'team', 'notice', 'admin', 'export', 'search', 'import', 'webhook', 'collab', 'audit'] as const;
export type ServiceName = (typeof ServiceNames)[number];

export function serviceOf(subject: Subject): ServiceName {
  return subject.slice(0, subject.indexOf('.')) as ServiceName;
}
