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
  // page
  PagePageInfo: 'page.page.info',
  PagePageInfoByKey: 'page.page.infoByKey',
  PagePageSave: 'page.page.save',
  PagePageDelete: 'page.page.delete',
  PagePageHistory: 'page.page.history',
  PagePageDiff: 'page.page.diff',
  PagePageCreateSinglePage: 'page.page.createSinglePage',
  PagePageSort: 'page.page.sort',
  PageAttachmentUploadImage: 'page.attachment.uploadImage',
  PageAttachmentUpload: 'page.attachment.upload',
  PageAttachmentList: 'page.attachment.list',
  PageAttachmentDelete: 'page.attachment.delete',
  PageCatalogListGroup: 'page.catalog.listGroup',
  PageCatalogDefault: 'page.catalog.default',
  PageCatalogSave: 'page.catalog.save',
  PageCatalogDelete: 'page.catalog.delete',
  PageCatalogBatchUpdate: 'page.catalog.batchUpdate',
  PageCatalogPages: 'page.catalog.pages',
  PageTemplateList: 'page.template.list',
  PageTemplateSave: 'page.template.save',
  PageTemplateDelete: 'page.template.delete',
  PageRecycleList: 'page.recycle.list',
  PageRecycleRecover: 'page.recycle.recover',
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
  // notice
  NoticeNoticeList: 'notice.notice.list',
  NoticeNoticeSetRead: 'notice.notice.setRead',
  NoticeNoticeDelete: 'notice.notice.delete',
  // admin
  AdminItemList: 'admin.item.list',
  AdminItemDelete: 'admin.item.delete',
  AdminItemAttorn: 'admin.item.attorn',
  AdminUserList: 'admin.user.list',
  AdminUserDelete: 'admin.user.delete',
  AdminUserChangePassword: 'admin.user.changePassword',
  AdminUserAdd: 'admin.user.add',
  AdminUserCheckUpdate: 'admin.user.checkUpdate',
  AdminSettingLoad: 'admin.setting.load',
  AdminSettingSave: 'admin.setting.save',
  AdminSettingGet: 'admin.setting.get',
  AdminSettingHomePage: 'admin.setting.homePage',
  AdminCronRun: 'admin.cron.run',
  // export
  ExportWordExport: 'export.word.export',
  ExportJobStart: 'export.job.start',
  ExportJobStatus: 'export.job.status',
  ExportJobDownload: 'export.job.download',
  ExportMarkdownExport: 'export.markdown.export',
} as const;

export type Subject = (typeof Subject)[keyof typeof Subject];

export const ServiceNames = ['auth', 'item', 'page', 'team', 'notice', 'admin', 'export'] as const;
export type ServiceName = (typeof ServiceNames)[number];

export function serviceOf(subject: Subject): ServiceName {
  return subject.slice(0, subject.indexOf('.')) as ServiceName;
}
