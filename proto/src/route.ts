import { Subject } from './subject';

/** Who may call a route: anyone, anyone (the user is resolved when logged in), a logged-in user, an administrator. */
export type AuthRule = 'none' | 'optional' | 'required' | 'admin';

/** A route whose multipart body carries a file: the gateway streams it into BlobStorage and forwards its key. */
export interface UploadRule {
  /** Multipart field names that may hold the file, first match wins. */
  fields: string[];
  /** Answer in editor.md's protocol `{success, url, message}` instead of the envelope, errors included. */
  editorMd?: boolean;
}

export interface Route {
  subject: Subject;
  auth: AuthRule;
  /** Counted by the per-address limiter (login, register and password endpoints). */
  rateLimited?: boolean;
  upload?: UploadRule;
}

/**
 * Every `/api/<controller>/<action>` of the spec (SPEC §7) and of the contract's extra
 * calls (§10, §11). Keys are lower-case; the gateway lower-cases the request path.
 */
const table: Record<string, Route> = {
  'common/verify': { subject: Subject.AuthCaptchaCreate, auth: 'none' },
  'common/qrcode': { subject: Subject.AuthQrcodeCreate, auth: 'none' },
  'common/homepagesetting': { subject: Subject.AdminSettingHomePage, auth: 'none' },
  'scriptcron/run': { subject: Subject.AdminCronRun, auth: 'none' },

  'user/login': { subject: Subject.AuthUserLogin, auth: 'none', rateLimited: true },
  'user/register': { subject: Subject.AuthUserRegister, auth: 'none', rateLimited: true },
  'user/info': { subject: Subject.AuthUserInfo, auth: 'required' },
  'user/logout': { subject: Subject.AuthUserLogout, auth: 'optional' },
  'user/updateinfo': { subject: Subject.AuthUserUpdateInfo, auth: 'required' },
  'user/resetpassword': { subject: Subject.AuthUserResetPassword, auth: 'required', rateLimited: true },
  'user/updateemail': { subject: Subject.AuthUserUpdateEmail, auth: 'required', rateLimited: true },
  'user/resetpasswordemail': { subject: Subject.AuthUserResetPasswordEmail, auth: 'none', rateLimited: true },
  'user/resetpasswordbyurl': { subject: Subject.AuthUserResetPasswordByUrl, auth: 'none', rateLimited: true },
  'user/alluser': { subject: Subject.AuthUserAll, auth: 'required' },
  'user/verifyemail': { subject: Subject.AuthUserVerifyEmail, auth: 'none', rateLimited: true },

  'item/mylist': { subject: Subject.ItemItemMyList, auth: 'required' },
  'item/add': { subject: Subject.ItemItemAdd, auth: 'required' },
  'item/pwd': { subject: Subject.ItemItemPwd, auth: 'optional', rateLimited: true },
  'item/info': { subject: Subject.ItemItemInfo, auth: 'optional' },
  'item/detail': { subject: Subject.ItemItemDetail, auth: 'required' },
  'item/update': { subject: Subject.ItemItemUpdate, auth: 'required' },
  'item/exititem': { subject: Subject.ItemItemExit, auth: 'required' },
  'item/sort': { subject: Subject.ItemItemSort, auth: 'required' },
  'item/delete': { subject: Subject.ItemItemDelete, auth: 'required', rateLimited: true },
  'item/archive': { subject: Subject.ItemItemArchive, auth: 'required', rateLimited: true },
  'item/attorn': { subject: Subject.ItemItemAttorn, auth: 'required', rateLimited: true },
  'item/getkey': { subject: Subject.ItemItemGetKey, auth: 'required' },
  'item/resetkey': { subject: Subject.ItemItemResetKey, auth: 'required' },
  'item/updatebyapi': { subject: Subject.ItemOpenUpdatePage, auth: 'none' },
  'open/updateitem': { subject: Subject.ItemOpenUpdatePage, auth: 'none' },
  'open/updatepage': { subject: Subject.ItemOpenUpdatePage, auth: 'none' },
  'open/updatedbitem': { subject: Subject.ItemOpenUpdateDbItem, auth: 'none' },
  'open/fromcomments': { subject: Subject.ItemOpenFromComments, auth: 'none' },

  'member/getlist': { subject: Subject.ItemMemberList, auth: 'required' },
  'member/save': { subject: Subject.ItemMemberSave, auth: 'required' },
  'member/delete': { subject: Subject.ItemMemberDelete, auth: 'required' },

  'page/info': { subject: Subject.PagePageInfo, auth: 'optional' },
  'page/infobykey': { subject: Subject.PagePageInfoByKey, auth: 'optional' },
  'page/save': { subject: Subject.PagePageSave, auth: 'required' },
  'page/delete': { subject: Subject.PagePageDelete, auth: 'required' },
  'page/history': { subject: Subject.PagePageHistory, auth: 'optional' },
  'page/diff': { subject: Subject.PagePageDiff, auth: 'optional' },
  'page/createsinglepage': { subject: Subject.PagePageCreateSinglePage, auth: 'required' },
  'page/sort': { subject: Subject.PagePageSort, auth: 'required' },
  'page/uploadimg': { subject: Subject.PageAttachmentUploadImage, auth: 'required', upload: { fields: ['editormd-image-file', 'file'], editorMd: true } },
  'page/upload': { subject: Subject.PageAttachmentUpload, auth: 'required', upload: { fields: ['file', 'editormd-image-file'] } },
  'page/uploadlist': { subject: Subject.PageAttachmentList, auth: 'optional' },
  'page/deleteuploadfile': { subject: Subject.PageAttachmentDelete, auth: 'required' },
  'attachment/visitfile': { subject: Subject.PageAttachmentVisit, auth: 'optional' },

  'catalog/catlistgroup': { subject: Subject.PageCatalogListGroup, auth: 'required' },
  'catalog/getdefaultcat': { subject: Subject.PageCatalogDefault, auth: 'required' },
  'catalog/save': { subject: Subject.PageCatalogSave, auth: 'required' },
  'catalog/delete': { subject: Subject.PageCatalogDelete, auth: 'required' },
  'catalog/batupdate': { subject: Subject.PageCatalogBatchUpdate, auth: 'required' },
  'catalog/getpagesbycat': { subject: Subject.PageCatalogPages, auth: 'required' },

  'template/getlist': { subject: Subject.PageTemplateList, auth: 'required' },
  'template/save': { subject: Subject.PageTemplateSave, auth: 'required' },
  'template/delete': { subject: Subject.PageTemplateDelete, auth: 'required' },

  'recycle/getlist': { subject: Subject.PageRecycleList, auth: 'required' },
  'recycle/recover': { subject: Subject.PageRecycleRecover, auth: 'required' },

  'team/getlist': { subject: Subject.TeamTeamList, auth: 'required' },
  'team/save': { subject: Subject.TeamTeamSave, auth: 'required' },
  'team/delete': { subject: Subject.TeamTeamDelete, auth: 'required' },
  'teamitem/getlist': { subject: Subject.TeamItemList, auth: 'required' },
  'teamitem/save': { subject: Subject.TeamItemSave, auth: 'required' },
  'teamitem/delete': { subject: Subject.TeamItemDelete, auth: 'required' },
  'teamitem/getlistbyteam': { subject: Subject.TeamItemListByTeam, auth: 'required' },
  'teamitemmember/getlist': { subject: Subject.TeamItemMemberList, auth: 'required' },
  'teamitemmember/save': { subject: Subject.TeamItemMemberSave, auth: 'required' },
  'teammember/getlist': { subject: Subject.TeamMemberList, auth: 'required' },
  'teammember/save': { subject: Subject.TeamMemberSave, auth: 'required' },
  'teammember/delete': { subject: Subject.TeamMemberDelete, auth: 'required' },

  'notice/getlist': { subject: Subject.NoticeNoticeList, auth: 'required' },
  'notice/setread': { subject: Subject.NoticeNoticeSetRead, auth: 'required' },
  'notice/delete': { subject: Subject.NoticeNoticeDelete, auth: 'required' },

  'adminitem/getlist': { subject: Subject.AdminItemList, auth: 'admin' },
  'adminitem/deleteitem': { subject: Subject.AdminItemDelete, auth: 'admin' },
  'adminitem/attorn': { subject: Subject.AdminItemAttorn, auth: 'admin' },
  'adminuser/getlist': { subject: Subject.AdminUserList, auth: 'admin' },
  'adminuser/deleteuser': { subject: Subject.AdminUserDelete, auth: 'admin' },
  'adminuser/changepassword': { subject: Subject.AdminUserChangePassword, auth: 'admin' },
  'adminuser/adduser': { subject: Subject.AdminUserAdd, auth: 'admin' },
  'adminuser/checkupdate': { subject: Subject.AdminUserCheckUpdate, auth: 'admin' },
  'adminsetting/loadconfig': { subject: Subject.AdminSettingLoad, auth: 'admin' },
  'adminsetting/saveconfig': { subject: Subject.AdminSettingSave, auth: 'admin' },
  'adminnotice/send': { subject: Subject.AdminNoticeSend, auth: 'admin' },
  'adminmail/outbox': { subject: Subject.AdminMailOutbox, auth: 'admin' },

  'export/word': { subject: Subject.ExportWordExport, auth: 'required' },
  'export/start': { subject: Subject.ExportJobStart, auth: 'required' },
  'export/status': { subject: Subject.ExportJobStatus, auth: 'required' },
  'export/download': { subject: Subject.ExportJobDownload, auth: 'required' },
  'export/markdown': { subject: Subject.ExportMarkdownExport, auth: 'required' },
};

export const Routes: Readonly<Record<string, Route>> = table;

/** `User/Login`, `user/login` and `USER/LOGIN` name the same route; `team_item` names `teamItem`. */
export function routeKey(controller: string, action: string): string {
  const normalise = (part: string) => part.replace(/_/g, '').toLowerCase();
  return `${normalise(controller)}/${normalise(action)}`;
}

export function findRoute(controller: string, action: string): Route | undefined {
  return Object.prototype.hasOwnProperty.call(Routes, routeKey(controller, action))
    ? Routes[routeKey(controller, action)]
    : undefined;
}
