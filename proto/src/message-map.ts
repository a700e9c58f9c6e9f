import type { z } from 'zod';
import type {} from './';
import type { Message, Reply } from './message';
import type {
  AdminAttornItemSchema,
  AdminItemIdSchema,
  AdminItemPage,
  AdminItemsOfUserSchema,
  AdminListItemsSchema,
  AdminListUsersSchema,
  AdminSendNoticeSchema,
  AdminUserIdSchema,
  AdminUserPage,
  Count,
  GetSettingSchema,
  HomePageSetting,
  SaveSettingsSchema,
  SettingValue,
  SiteSettings,
  UpdateNotice,
} from './schemas/admin.schema';
import type {
  AttachmentListEntry,
  DeleteAttachmentSchema,
  ListAttachmentsSchema,
  UploadAttachmentSchema,
  UploadedReply,
  UploadImageSchema,
  VisitAttachmentSchema,
} from './schemas/attachment.schema';
import type { OidcCallbackSchema, OidcInfo, OidcSettings, OidcStart, SaveOidcSchema } from './schemas/oidc.schema';
import type {
  AdminResetTwoFactorSchema,
  EnableTwoFactorSchema,
  LoginTwoFactorSchema,
  SetupTwoFactorSchema,
  TwoFactorCodeSchema,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from './schemas/two-factor.schema';
import type { CreatedToken, CreateTokenSchema, RevokeTokenSchema, TokenRow, TouchTokenSchema } from './schemas/token.schema';
import type { AddedUser, FindUserSchema, MailOutbox, TestLdapSchema, UserSummary, Verdict, VerifyCaptchaSchema, VerifyUserPasswordSchema } from './schemas/auth-internal.schema';
import type {
  AdminAddUserSchema,
  AdminChangePasswordSchema,
  CreatedCaptcha,
  CreateQrcodeSchema,
  ListAllUsersSchema,
  LoggedInUser,
  LoginByVerifySchema,
  LoginUserSchema,
  RegisterByVerifySchema,
  RegisterUserSchema,
  ResetPasswordByUrlSchema,
  ResetPasswordEmailSchema,
  ResetUserPasswordSchema,
  ShowCaptchaSchema,
  UpdateEmailSchema,
  UpdateUserInfoSchema,
  UserInfo,
  UserSuggestion,
  VerifyEmailSchema,
} from './schemas/auth.schema';
import type {
  ExportContent,
  ExportContentSchema,
  ExportJobIdSchema,
  ExportOutline,
  ExportOutlineSchema,
  ExportStatus,
  ExportTargetSchema,
  ResolveAttachmentsSchema,
  ResolvedAttachment,
  StartedExport,
  StartExportSchema,
} from './schemas/export.schema';
import type {
  AddedItem,
  AddItemSchema,
  AttornItemSchema,
  CheckItemAccessSchema,
  ConfirmItemSchema,
  DeleteMemberSchema,
  ItemAccess,
  ItemIdSchema,
  ItemInfoReply,
  ItemInfoSchema,
  ItemListEntry,
  ItemRow,
  ItemSummariesSchema,
  ItemSummary,
  ItemTokenRow,
  MemberListEntry,
  MemberRow,
  OpenFromCommentsSchema,
  OpenUpdateDbItemSchema,
  OpenUpdatePageSchema,
  PurgedItems,
  RenameItemSchema,
  SaveMemberSchema,
  SortItemsSchema,
  TouchItemSchema,
  UnlockedItem,
  UnlockItemSchema,
  UpdateItemSchema,
} from './schemas/item.schema';
import type { ListNoticesSchema, NoticeIdSchema, NoticeRow, SendNoticeSchema, SentNotices, UnreadCount } from './schemas/notice.schema';
import type {
  BatchUpdateCatalogsSchema,
  CatalogGroup,
  CatalogPage,
  CatalogPagesSchema,
  CatalogRow,
  CopiedItemPages,
  CopyItemPagesSchema,
  CreateFirstPageSchema,
  CreateSinglePageSchema,
  DefaultCatalog,
  DeleteCatalogSchema,
  DeletePageSchema,
  DeleteTemplateSchema,
  GetDefaultCatalogSchema,
  GetMenuHitsSchema,
  GetMenuSchema,
  GetPageItemSchema,
  GetSinglePageSchema,
  ListCatalogGroupSchema,
  ListRecycleSchema,
  Menu,
  PageDiff,
  PageDiffSchema,
  PageHistoryRow,
  PageHistorySchema,
  PageInfo,
  PageInfoByKeySchema,
  PageInfoSchema,
  PageItemRef,
  PageRow,
  PurgedPages,
  PurgeItemPagesSchema,
  RecoverPageSchema,
  RecycleEntry,
  GetRecycleBinSchema,
  RecycleBin,
  RestoreRecycledSchema,
  RestoredEntry,
  PurgeRecycledSchema,
  PurgedEntries,
  SaveCatalogSchema,
  SavePageSchema,
  SaveTemplateSchema,
  SharedPageInfo,
  SinglePageKey,
  SortPagesSchema,
  TemplateListEntry,
  TemplateRow,
  UpsertPageByTitleSchema,
} from './schemas/page.schema';
import type {
  CreatedShareLink,
  CreateShareLinkSchema,
  ListShareLinksSchema,
  RevokeShareLinkSchema,
  ShareLinkInfo,
  ShareLinkInfoSchema,
  ShareLinkPage,
  ShareLinkPageSchema,
  ShareLinkRow,
} from './schemas/share-link.schema';
import type {
  ItemTeamEntry,
  SaveTeamItemMemberSchema,
  SaveTeamMemberSchema,
  SaveTeamSchema,
  TeamAccessRightsSchema,
  TeamForgetUserSchema,
  TeamSyncDirectorySchema,
  TeamSyncResult,
  TeamExistingSchema,
  TeamIds,
  TeamIdSchema,
  TeamItemByTeamEntry,
  TeamItemListSchema,
  TeamItemMemberEntry,
  TeamItemPairSchema,
  TeamItemPurgeSchema,
  TeamItemRow,
  TeamItemsOfUser,
  TeamItemsOfUserSchema,
  TeamListEntry,
  TeamMemberListEntry,
  TeamMemberRow,
  TeamRights,
  TeamRow,
  TeamRowIdSchema,
} from './schemas/team.schema';
import type {
  ItemSearchResults,
  ItemSearchSchema,
  ReadableItems,
  SearchDocuments,
  SearchDocumentsSchema,
  SearchItemPages,
  SearchItemPagesSchema,
  SearchQuerySchema,
  SearchResults,
  SearchVersions,
  SearchVersionsSchema,
} from './schemas/search.schema';
import type { GetLivePageSchema, LivePage, LivePageSaved, SaveLivePageSchema } from './schemas/collab.schema';
import type {
  ImportCatalogsSchema,
  ImportedCatalogs,
  ImportedIds,
  ImportedItem,
  ImportedPages,
  ImportedTeam,
  ImportedUsers,
  ImportHistorySchema,
  ImportIdSchema,
  ImportItemIdSchema,
  ImportItemSchema,
  ImportItemSortSchema,
  ImportPagesSchema,
  ImportSignsSchema,
  ImportStatus,
  ImportTeamSchema,
  ImportTemplatesSchema,
  ImportUsersSchema,
  StartedImport,
  StartShowdocImportSchema,
} from './schemas/import.schema';
import type { ImportContentsSchema, ImportedMarkdown, ImportedMove, ImportMarkdownSchema, ImportMoveSchema } from './schemas/markdown-import.schema';
import type {
  ApiPagesBatch,
  ApiPagesSchema,
  ApiResyncHistorySchema,
  ApiResyncJob,
  ApiResyncPass,
  ApiResyncStatusSchema,
  ApiResyncSummary,
  ApiSourceInfo,
  AppliedApiResync,
  ApplyApiResyncSchema,
  AuthorizeApiKeySchema,
  AuthorizedItem,
  ItemAudienceSchema,
  OpenResyncApiSchema,
  ResyncApiSchema,
} from './schemas/api-resync.schema';
import type {
  ExportOpenapiSchema,
  ImportApiFileSchema,
  ImportApiOperationsSchema,
  ImportApiSchemasSchema,
  ImportApiSourceSchema,
  ImportApiUrlSchema,
  ImportedApi,
} from './schemas/api-import.schema';
import type { AddCommentSchema, AddedComment, CommentList, DeleteCommentSchema, ListCommentsSchema } from './schemas/comment.schema';
import type {
  CreateWebhookSchema,
  ListWebhookDeliveriesSchema,
  ListWebhooksSchema,
  UpdateWebhookSchema,
  WebhookDeliveryPage,
  WebhookDeliveryRow,
  WebhookIdSchema,
  WebhookItemPurgeSchema,
  WebhookRow,
  WebhookSecret,
} from './schemas/webhook.schema';
import type { AuditLogCsvSchema, AuditLogPage, ListAuditLogSchema, ListItemAuditLogSchema, PurgedAuditEntries } from './schemas/audit.schema';
import type {
  AgentConfig,
  AgentConfigSchema,
  DeleteItemGroupSchema,
  ItemGroupRow,
  MyItemListSchema,
  SavedItemGroup,
  SaveItemGroupSchema,
  SortItemGroupsSchema,
} from './schemas/item-group.schema';
import type {
  CatalogListEntry,
  IsPageLockedSchema,
  ListCatalogsSchema,
  MyTemplateEntry,
  PageEditor,
  PageEditorsSchema,
  PageLockSet,
  PageLockState,
  SetPageLockSchema,
  UnlockPageSchema,
} from './schemas/page-lock.schema';
import type { AnnouncementMessage, MessageIdSchema, RemindListSchema, RemindMessage, RemindPage, UnreadMessages } from './schemas/notice-message.schema';
import type { PublicSquareState, SiteVersion } from './schemas/site-info.schema';
import type { Unchecked } from './validation';
import type { Subject } from './subject';

/**
 * THE message map: for each subject, the params its handler validates (the output of the zod schema
 * it parses them with) and the reply it answers. Senders (`TransportClient<QuireContracts>.send`) and
 * handlers (`@Handles(subject)`, each service's `handles.ts`) are both typed from it, so a change on one
 * side that the other does not follow fails the build. The gateway relays the routed subjects' wire
 * params as they arrived; the handler's schema is what turns them into these params.
 */
export interface MessageMap {
  // auth
  [Subject.AuthUserLogin]: Contract<typeof LoginUserSchema, Reply<LoggedInUser>>;
  [Subject.AuthUserRegister]: Contract<typeof RegisterUserSchema, Reply<LoggedInUser>>;
  [Subject.AuthUserInfo]: Contract<null, UserInfo>;
  [Subject.AuthUserLogout]: Contract<null, Reply<never[]>>;
  [Subject.AuthUserUpdateInfo]: Contract<typeof UpdateUserInfoSchema, never[]>;
  [Subject.AuthUserResetPassword]: Contract<typeof ResetUserPasswordSchema, never[]>;
  [Subject.AuthUserUpdateEmail]: Contract<typeof UpdateEmailSchema, never[]>;
  [Subject.AuthUserResetPasswordEmail]: Contract<typeof ResetPasswordEmailSchema, never[]>;
  [Subject.AuthUserResetPasswordByUrl]: Contract<typeof ResetPasswordByUrlSchema, Reply<LoggedInUser>>;
  [Subject.AuthUserAll]: Contract<typeof ListAllUsersSchema, UserSuggestion[]>;
  [Subject.AuthCaptchaCreate]: Contract<null, Reply<never>>;
  [Subject.AuthQrcodeCreate]: Contract<typeof CreateQrcodeSchema, Reply<never>>;
  [Subject.AuthCaptchaCreateById]: Contract<null, CreatedCaptcha>;
  [Subject.AuthCaptchaShowById]: Contract<typeof ShowCaptchaSchema, Reply<never>>;
  [Subject.AuthUserLoginByVerify]: Contract<typeof LoginByVerifySchema, Reply<LoggedInUser>>;
  [Subject.AuthUserRegisterByVerify]: Contract<typeof RegisterByVerifySchema, Reply<LoggedInUser>>;
  [Subject.AuthCaptchaVerify]: Contract<typeof VerifyCaptchaSchema, Verdict>;
  [Subject.AuthUserVerifyPassword]: Contract<typeof VerifyUserPasswordSchema, Verdict>;
  [Subject.AuthUserFind]: Contract<typeof FindUserSchema, UserSummary | null>;
  [Subject.AuthUserVerifyEmail]: Contract<typeof VerifyEmailSchema, never[]>;
  [Subject.AuthAdminListUsers]: Contract<typeof AdminListUsersSchema, AdminUserPage>;
  [Subject.AuthAdminAddUser]: Contract<typeof AdminAddUserSchema, AddedUser>;
  [Subject.AuthAdminChangePassword]: Contract<typeof AdminChangePasswordSchema, number>;
  [Subject.AuthAdminDeleteUser]: Contract<typeof AdminUserIdSchema, number>;
  [Subject.AuthLdapTest]: Contract<typeof TestLdapSchema, never[]>;
  [Subject.AuthMailOutbox]: Contract<null, MailOutbox>;
  [Subject.AuthTokenCreate]: Contract<typeof CreateTokenSchema, CreatedToken>;
  [Subject.AuthTokenList]: Contract<null, TokenRow[]>;
  [Subject.AuthTokenRevoke]: Contract<typeof RevokeTokenSchema, never[]>;
  [Subject.AuthTokenTouch]: Contract<typeof TouchTokenSchema, never[]>;
  [Subject.AuthUserLoginTwoFactor]: Contract<typeof LoginTwoFactorSchema, Reply<LoggedInUser>>;
  [Subject.AuthTwoFactorStatus]: Contract<null, TwoFactorStatus>;
  [Subject.AuthTwoFactorSetup]: Contract<typeof SetupTwoFactorSchema, TwoFactorSetup>;
  [Subject.AuthTwoFactorEnable]: Contract<typeof EnableTwoFactorSchema, Reply<TwoFactorRecoveryCodes & { user?: LoggedInUser }>>;
  [Subject.AuthTwoFactorDisable]: Contract<typeof TwoFactorCodeSchema, never[]>;
  [Subject.AuthTwoFactorRecoveryCodes]: Contract<typeof TwoFactorCodeSchema, TwoFactorRecoveryCodes>;
  [Subject.AuthAdminResetTwoFactor]: Contract<typeof AdminResetTwoFactorSchema, never[]>;
  [Subject.AuthOidcInfo]: Contract<null, OidcInfo>;
  [Subject.AuthOidcStart]: Contract<null, OidcStart>;
  [Subject.AuthOidcCallback]: Contract<typeof OidcCallbackSchema, Reply<LoggedInUser>>;
  [Subject.AuthOidcLoad]: Contract<null, OidcSettings>;
  [Subject.AuthOidcSave]: Contract<typeof SaveOidcSchema, never[]>;

  // item
  [Subject.ItemItemMyList]: Contract<typeof MyItemListSchema, ItemListEntry[]>;
  [Subject.ItemItemAdd]: Contract<typeof AddItemSchema, AddedItem>;
  [Subject.ItemItemPwd]: Contract<typeof UnlockItemSchema, UnlockedItem>;
  [Subject.ItemItemInfo]: Contract<typeof ItemInfoSchema, ItemInfoReply>;
  [Subject.ItemItemDetail]: Contract<typeof ItemIdSchema, ItemRow>;
  [Subject.ItemItemUpdate]: Contract<typeof UpdateItemSchema, number>;
  [Subject.ItemItemExit]: Contract<typeof ItemIdSchema, never[]>;
  [Subject.ItemItemSort]: Contract<typeof SortItemsSchema, never[]>;
  [Subject.ItemItemDelete]: Contract<typeof ConfirmItemSchema, number>;
  [Subject.ItemItemArchive]: Contract<typeof ConfirmItemSchema, number>;
  [Subject.ItemItemAttorn]: Contract<typeof AttornItemSchema, ItemRow>;
  [Subject.ItemItemGetKey]: Contract<typeof ItemIdSchema, ItemTokenRow>;
  [Subject.ItemItemResetKey]: Contract<typeof ItemIdSchema, ItemTokenRow>;
  [Subject.ItemOpenUpdatePage]: Contract<typeof OpenUpdatePageSchema, PageRow>;
  [Subject.ItemOpenUpdateDbItem]: Contract<typeof OpenUpdateDbItemSchema, Reply<never>>;
  [Subject.ItemOpenFromComments]: Contract<typeof OpenFromCommentsSchema, Reply<never>>;
  [Subject.ItemMemberList]: Contract<typeof ItemIdSchema, MemberListEntry[]>;
  [Subject.ItemMemberSave]: Contract<typeof SaveMemberSchema, MemberRow>;
  [Subject.ItemMemberDelete]: Contract<typeof DeleteMemberSchema, 1>;
  [Subject.ItemAccessCheck]: Contract<typeof CheckItemAccessSchema, ItemAccess>;
  [Subject.ItemAccessReadable]: Contract<null, ReadableItems>;
  [Subject.ItemItemTouch]: Contract<typeof TouchItemSchema, { updated: boolean }>;
  [Subject.ItemItemRename]: Contract<typeof RenameItemSchema, { updated: boolean }>;
  [Subject.ItemItemSummaries]: Contract<typeof ItemSummariesSchema, ItemSummary[]>;
  [Subject.ItemMaintenancePurge]: Contract<null, PurgedItems>;
  [Subject.ItemAdminList]: Contract<typeof AdminListItemsSchema, AdminItemPage>;
  [Subject.ItemAdminDelete]: Contract<typeof AdminItemIdSchema, number>;
  [Subject.ItemAdminAttorn]: Contract<typeof AdminAttornItemSchema, ItemRow>;
  [Subject.ItemAdminCountOwned]: Contract<typeof AdminItemsOfUserSchema, Count>;
  [Subject.ItemAdminForgetUser]: Contract<typeof AdminItemsOfUserSchema, Count>;

  // page
  [Subject.PagePageInfo]: Contract<typeof PageInfoSchema, Reply<PageInfo>>;
  [Subject.PagePageInfoByKey]: Contract<typeof PageInfoByKeySchema, SharedPageInfo>;
  [Subject.PagePageSave]: Contract<typeof SavePageSchema, PageRow>;
  [Subject.PagePageDelete]: Contract<typeof DeletePageSchema, never[]>;
  [Subject.PagePageHistory]: Contract<typeof PageHistorySchema, PageHistoryRow[]>;
  [Subject.PagePageDiff]: Contract<typeof PageDiffSchema, PageDiff>;
  [Subject.PagePageCreateSinglePage]: Contract<typeof CreateSinglePageSchema, SinglePageKey | never[]>;
  [Subject.PagePageSort]: Contract<typeof SortPagesSchema, never[]>;
  [Subject.PageShareCreate]: Contract<typeof CreateShareLinkSchema, CreatedShareLink>;
  [Subject.PageShareList]: Contract<typeof ListShareLinksSchema, ShareLinkRow[]>;
  [Subject.PageShareRevoke]: Contract<typeof RevokeShareLinkSchema, never[]>;
  [Subject.PageShareInfo]: Contract<typeof ShareLinkInfoSchema, ShareLinkInfo>;
  [Subject.PageSharePage]: Contract<typeof ShareLinkPageSchema, ShareLinkPage>;
  [Subject.PageAttachmentUploadImage]: Contract<typeof UploadImageSchema, UploadedReply>;
  [Subject.PageAttachmentUpload]: Contract<typeof UploadAttachmentSchema, Reply<never>>;
  [Subject.PageAttachmentList]: Contract<typeof ListAttachmentsSchema, AttachmentListEntry[]>;
  [Subject.PageAttachmentDelete]: Contract<typeof DeleteAttachmentSchema, never[]>;
  [Subject.PageAttachmentVisit]: Contract<typeof VisitAttachmentSchema, Reply<never>>;
  [Subject.PageMenuGet]: Contract<typeof GetMenuSchema, Reply<Menu>>;
  [Subject.PageMenuHits]: Contract<typeof GetMenuHitsSchema, Reply<Menu>>;
  [Subject.PagePageItem]: Contract<typeof GetPageItemSchema, PageItemRef | null>;
  [Subject.PagePageLive]: Contract<typeof GetLivePageSchema, LivePage | null>;
  [Subject.PagePageSaveLive]: Contract<typeof SaveLivePageSchema, LivePageSaved>;
  [Subject.PageItemSinglePage]: Contract<typeof GetSinglePageSchema, PageRow | null>;
  [Subject.PageItemCreateFirstPage]: Contract<typeof CreateFirstPageSchema, PageRow>;
  [Subject.PageItemCopy]: Contract<typeof CopyItemPagesSchema, CopiedItemPages>;
  [Subject.PageItemPurge]: Contract<typeof PurgeItemPagesSchema, never[]>;
  [Subject.PagePageUpsertByTitle]: Contract<typeof UpsertPageByTitleSchema, PageRow>;
  [Subject.PageMaintenancePurge]: Contract<null, PurgedPages>;
  [Subject.PageSearchDocuments]: Contract<typeof SearchDocumentsSchema, SearchDocuments>;
  [Subject.PageSearchVersions]: Contract<typeof SearchVersionsSchema, SearchVersions>;
  [Subject.PageCatalogListGroup]: Contract<typeof ListCatalogGroupSchema, CatalogGroup[]>;
  [Subject.PageCatalogDefault]: Contract<typeof GetDefaultCatalogSchema, DefaultCatalog>;
  [Subject.PageCatalogSave]: Contract<typeof SaveCatalogSchema, CatalogRow>;
  [Subject.PageCatalogDelete]: Contract<typeof DeleteCatalogSchema, true>;
  [Subject.PageCatalogBatchUpdate]: Contract<typeof BatchUpdateCatalogsSchema, never[]>;
  [Subject.PageCatalogPages]: Contract<typeof CatalogPagesSchema, CatalogPage[]>;
  [Subject.PageExportOutline]: Contract<typeof ExportOutlineSchema, ExportOutline>;
  [Subject.PageExportContent]: Contract<typeof ExportContentSchema, ExportContent>;
  [Subject.PageAttachmentResolve]: Contract<typeof ResolveAttachmentsSchema, ResolvedAttachment[]>;
  [Subject.PageTemplateList]: Contract<null, TemplateListEntry[]>;
  [Subject.PageTemplateSave]: Contract<typeof SaveTemplateSchema, TemplateRow>;
  [Subject.PageTemplateDelete]: Contract<typeof DeleteTemplateSchema, 1>;
  [Subject.PageRecycleList]: Contract<typeof ListRecycleSchema, RecycleEntry[]>;
  [Subject.PageRecycleRecover]: Contract<typeof RecoverPageSchema, never[]>;
  [Subject.PageRecycleBin]: Contract<typeof GetRecycleBinSchema, RecycleBin>;
  [Subject.PageRecycleRestore]: Contract<typeof RestoreRecycledSchema, RestoredEntry>;
  [Subject.PageRecyclePurge]: Contract<typeof PurgeRecycledSchema, PurgedEntries>;

  // team
  [Subject.TeamTeamList]: Contract<null, TeamListEntry[]>;
  [Subject.TeamTeamSave]: Contract<typeof SaveTeamSchema, TeamRow>;
  [Subject.TeamTeamDelete]: Contract<typeof TeamRowIdSchema, 1>;
  [Subject.TeamItemList]: Contract<typeof TeamItemListSchema, ItemTeamEntry[]>;
  [Subject.TeamItemSave]: Contract<typeof TeamItemPairSchema, TeamItemRow>;
  [Subject.TeamItemDelete]: Contract<typeof TeamRowIdSchema, 1>;
  [Subject.TeamItemListByTeam]: Contract<typeof TeamIdSchema, TeamItemByTeamEntry[]>;
  [Subject.TeamItemMemberList]: Contract<typeof TeamItemPairSchema, TeamItemMemberEntry[]>;
  [Subject.TeamItemMemberSave]: Contract<typeof SaveTeamItemMemberSchema, 0 | 1>;
  [Subject.TeamMemberList]: Contract<typeof TeamIdSchema, TeamMemberListEntry[]>;
  [Subject.TeamMemberSave]: Contract<typeof SaveTeamMemberSchema, TeamMemberRow>;
  [Subject.TeamMemberDelete]: Contract<typeof TeamRowIdSchema, 1>;
  [Subject.TeamAccessRights]: Contract<typeof TeamAccessRightsSchema, TeamRights>;
  [Subject.TeamAccessItemsOfUser]: Contract<typeof TeamItemsOfUserSchema, TeamItemsOfUser>;
  [Subject.TeamItemPurge]: Contract<typeof TeamItemPurgeSchema, { removed: number }>;
  [Subject.TeamMemberForgetUser]: Contract<typeof TeamForgetUserSchema, Count>;
  [Subject.TeamMemberSyncDirectory]: Contract<typeof TeamSyncDirectorySchema, TeamSyncResult>;
  [Subject.TeamTeamExisting]: Contract<typeof TeamExistingSchema, TeamIds>;

  // notice
  [Subject.NoticeNoticeList]: Contract<typeof ListNoticesSchema, NoticeRow[]>;
  [Subject.NoticeNoticeSetRead]: Contract<typeof NoticeIdSchema, never[]>;
  [Subject.NoticeNoticeDelete]: Contract<typeof NoticeIdSchema, never[]>;
  [Subject.NoticeNoticeSend]: Contract<typeof SendNoticeSchema, SentNotices>;
  [Subject.NoticeNoticeUnreadCount]: Contract<null, UnreadCount>;

  // admin
  [Subject.AdminItemList]: Contract<typeof AdminListItemsSchema, AdminItemPage>;
  [Subject.AdminItemDelete]: Contract<typeof AdminItemIdSchema, number>;
  [Subject.AdminItemAttorn]: Contract<typeof AdminAttornItemSchema, ItemRow>;
  [Subject.AdminUserCheckUpdate]: Contract<null, UpdateNotice>;
  [Subject.AdminSettingLoad]: Contract<null, SiteSettings | never[]>;
  [Subject.AdminSettingSave]: Contract<typeof SaveSettingsSchema, never[]>;
  [Subject.AdminSettingGet]: Contract<typeof GetSettingSchema, SettingValue>;
  [Subject.AdminSettingHomePage]: Contract<null, HomePageSetting>;
  [Subject.AdminCronRun]: Contract<null, Reply<never>>;
  [Subject.AdminNoticeSend]: Contract<typeof AdminSendNoticeSchema, never[]>;
  [Subject.AdminMailOutbox]: Contract<null, MailOutbox>;

  // export
  [Subject.ExportWordExport]: Contract<typeof ExportTargetSchema, Reply<never>>;
  [Subject.ExportJobStart]: Contract<typeof StartExportSchema, StartedExport>;
  [Subject.ExportJobStatus]: Contract<typeof ExportJobIdSchema, ExportStatus>;
  [Subject.ExportJobDownload]: Contract<typeof ExportJobIdSchema, Reply<never>>;
  [Subject.ExportMarkdownExport]: Contract<typeof ExportTargetSchema, Reply<never>>;
  [Subject.ExportPdfExport]: Contract<typeof ExportTargetSchema, Reply<never>>;
  [Subject.ExportHtmlExport]: Contract<typeof ExportTargetSchema, Reply<never>>;

  // search
  [Subject.SearchPageQuery]: Contract<typeof SearchQuerySchema, SearchResults>;
  [Subject.SearchItemSearch]: Contract<typeof ItemSearchSchema, ItemSearchResults>;
  [Subject.SearchItemPages]: Contract<typeof SearchItemPagesSchema, SearchItemPages>;

  // imports: each owning service's writes
  [Subject.AuthImportUsers]: Contract<typeof ImportUsersSchema, ImportedUsers>;
  [Subject.ItemImportItem]: Contract<typeof ImportItemSchema, ImportedItem>;
  [Subject.ItemImportPublish]: Contract<typeof ImportItemIdSchema, { published: boolean }>;
  [Subject.ItemImportDiscard]: Contract<typeof ImportItemIdSchema, { discarded: boolean }>;
  [Subject.ItemImportSort]: Contract<typeof ImportItemSortSchema, { positions: number }>;
  [Subject.PageImportCatalogs]: Contract<typeof ImportCatalogsSchema, ImportedCatalogs>;
  [Subject.PageImportPages]: Contract<typeof ImportPagesSchema, ImportedPages>;
  [Subject.PageImportHistory]: Contract<typeof ImportHistorySchema, { versions: number }>;
  [Subject.PageImportTemplates]: Contract<typeof ImportTemplatesSchema, ImportedIds>;
  [Subject.PageImportTakenSigns]: Contract<typeof ImportSignsSchema, { taken: string[] }>;
  [Subject.TeamImportTeam]: Contract<typeof ImportTeamSchema, ImportedTeam>;

  // import
  [Subject.ImportShowdocStart]: Contract<typeof StartShowdocImportSchema, StartedImport>;
  [Subject.ImportJobStatus]: Contract<typeof ImportIdSchema, ImportStatus>;
  [Subject.ImportJobReport]: Contract<typeof ImportIdSchema, Reply<never>>;
  [Subject.ImportMarkdownAuto]: Contract<typeof ImportMarkdownSchema, ImportedMarkdown>;
  [Subject.PageImportContents]: Contract<typeof ImportContentsSchema, { pages: number }>;
  [Subject.PageImportMove]: Contract<typeof ImportMoveSchema, ImportedMove>;
  [Subject.ImportApiSwagger]: Contract<typeof ImportApiFileSchema, { item_id: number }>;
  [Subject.ImportApiPostman]: Contract<typeof ImportApiFileSchema, { item_id: number }>;
  [Subject.ImportApiUrl]: Contract<typeof ImportApiUrlSchema, ImportedApi>;
  [Subject.PageImportApiOperations]: Contract<typeof ImportApiOperationsSchema, { pages: number }>;
  [Subject.PageImportApiSource]: Contract<typeof ImportApiSourceSchema, { source_id: number }>;
  [Subject.PageImportApiSchemas]: Contract<typeof ImportApiSchemasSchema, { schemas: number }>;
  [Subject.PageExportOpenapi]: Contract<typeof ExportOpenapiSchema, Reply<never>>;
  [Subject.ImportApiResync]: Contract<typeof ResyncApiSchema, ApiResyncSummary>;
  [Subject.ImportApiResyncOpen]: Contract<typeof OpenResyncApiSchema, ApiResyncSummary>;
  [Subject.ImportApiResyncStart]: Contract<typeof ResyncApiSchema, { job_id: string }>;
  [Subject.ImportApiResyncStatus]: Contract<typeof ApiResyncStatusSchema, ApiResyncJob>;
  [Subject.ImportApiHistory]: Contract<typeof ApiResyncHistorySchema, ApiResyncSummary[]>;
  [Subject.ImportApiSources]: Contract<typeof ApiResyncHistorySchema, ApiSourceInfo[]>;
  [Subject.ImportApiResyncDue]: Contract<null, ApiResyncPass>;
  [Subject.PageImportApiPages]: Contract<typeof ApiPagesSchema, ApiPagesBatch>;
  [Subject.PageImportApiResync]: Contract<typeof ApplyApiResyncSchema, AppliedApiResync>;
  [Subject.ItemOpenAuthorize]: Contract<typeof AuthorizeApiKeySchema, AuthorizedItem>;
  [Subject.ItemImportAudience]: Contract<typeof ItemAudienceSchema, { uids: number[] }>;
  [Subject.PageCommentAdd]: Contract<typeof AddCommentSchema, AddedComment>;
  [Subject.PageCommentList]: Contract<typeof ListCommentsSchema, CommentList>;
  [Subject.PageCommentDelete]: Contract<typeof DeleteCommentSchema, 1>;
  [Subject.ItemMemberAudience]: Contract<typeof ItemAudienceSchema, { uids: number[] }>;
  // ShowDoc 3.9's own web client (issue 27)
  [Subject.ItemGroupList]: Contract<null, ItemGroupRow[]>;
  [Subject.ItemGroupSave]: Contract<typeof SaveItemGroupSchema, SavedItemGroup>;
  [Subject.ItemGroupDelete]: Contract<typeof DeleteItemGroupSchema, 1>;
  [Subject.ItemGroupSaveSort]: Contract<typeof SortItemGroupsSchema, never[]>;
  [Subject.ItemAgentConfig]: Contract<typeof AgentConfigSchema, AgentConfig>;
  [Subject.PageCatalogList]: Contract<typeof ListCatalogsSchema, CatalogListEntry[]>;
  [Subject.PageCatalogListName]: Contract<typeof ListCatalogsSchema, CatalogListEntry[]>;
  [Subject.PageTemplateMyList]: Contract<null, MyTemplateEntry[]>;
  [Subject.PageLockState]: Contract<typeof IsPageLockedSchema, PageLockState>;
  [Subject.PageLockSet]: Contract<typeof SetPageLockSchema, PageLockSet>;
  [Subject.PageLockRelease]: Contract<typeof UnlockPageSchema, never[]>;
  [Subject.CollabPresenceEditors]: Contract<typeof PageEditorsSchema, PageEditor[]>;
  [Subject.NoticeMessageUnread]: Contract<null, UnreadMessages>;
  [Subject.NoticeMessageUnreadRemind]: Contract<null, RemindMessage | never[]>;
  [Subject.NoticeMessageRemindList]: Contract<typeof RemindListSchema, RemindPage>;
  [Subject.NoticeMessageAnnouncementList]: Contract<null, AnnouncementMessage[]>;
  [Subject.NoticeMessageSetRead]: Contract<typeof MessageIdSchema, never[]>;
  [Subject.NoticeMessageDelete]: Contract<typeof MessageIdSchema, never[]>;
  [Subject.AdminSiteVersion]: Contract<null, SiteVersion>;
  [Subject.AdminSitePublicSquare]: Contract<null, PublicSquareState>;
  // webhook
  [Subject.WebhookHookCreate]: Contract<typeof CreateWebhookSchema, WebhookSecret>;
  [Subject.WebhookHookList]: Contract<typeof ListWebhooksSchema, WebhookRow[]>;
  [Subject.WebhookHookUpdate]: Contract<typeof UpdateWebhookSchema, WebhookRow>;
  [Subject.WebhookHookDelete]: Contract<typeof WebhookIdSchema, never[]>;
  [Subject.WebhookHookRegenerateSecret]: Contract<typeof WebhookIdSchema, WebhookSecret>;
  [Subject.WebhookHookTest]: Contract<typeof WebhookIdSchema, WebhookDeliveryRow>;
  [Subject.WebhookHookDeliveries]: Contract<typeof ListWebhookDeliveriesSchema, WebhookDeliveryPage>;
  [Subject.WebhookItemPurge]: Contract<typeof WebhookItemPurgeSchema, { removed: number }>;
  // audit
  [Subject.AuditLogList]: Contract<typeof ListAuditLogSchema, AuditLogPage>;
  [Subject.AuditLogCsv]: Contract<typeof AuditLogCsvSchema, Reply<never>>;
  [Subject.AuditLogItem]: Contract<typeof ListItemAuditLogSchema, AuditLogPage>;
  [Subject.AuditMaintenancePurge]: Contract<null, PurgedAuditEntries>;
}

/** A subject whose handler validates its params with `Schema` (`null`: it reads none) and answers `R`. */
interface Contract<Schema extends z.ZodType | null, R> {
  params: Schema extends z.ZodType ? z.output<Schema> : NoParams;
  reply: R;
}

/** The params of a subject whose handler reads none. */
export type NoParams = Record<string, never>;

/** Indexed by every Subject: a subject without its entry in MessageMap fails the build here. */
export type SubjectParams<S extends Subject> = MessageMap[S]['params'];
export type SubjectReply<S extends Subject> = MessageMap[S]['reply'];

/**
 * What the handler of `S` is called with: the caller and the params as they arrived, not validated
 * yet, marked with the type its schema must give them (`parseParams` refuses a schema that does not).
 */
export type Incoming<S extends Subject> = Message<Unchecked<SubjectParams<S>>>;

/** The map as libs/platform's transport reads it (`TransportClient<QuireContracts>`, `messageHandler<QuireContracts>()`). */
export type QuireContracts = {
  [S in Subject]: { request: Message<SubjectParams<S>>; received: Incoming<S>; reply: SubjectReply<S> };
};
