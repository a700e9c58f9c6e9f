import type { Language } from './language';

/**
 * Every text the server sends, in both languages. English sentences of ShowDoc's
 * en-us file are kept where the contract quotes them, Chinese verbatim.
 * `{name}` placeholders are filled from the error's params.
 */
export const Messages = {
  unknown_error: { en: 'Unknown error', 'zh-cn': '未知错误' },
  internal_error: { en: 'Something went wrong on the server; please try again', 'zh-cn': '服务器出错了，请稍后重试' },
  not_logged_in: { en: 'You are not logged in', 'zh-cn': '你尚未登录' },
  no_permission: { en: 'No permissions', 'zh-cn': '没有权限' },
  invalid_route: { en: 'Invalid request', 'zh-cn': '无效的请求' },
  bad_request: { en: 'The request body could not be read: {reason}', 'zh-cn': '请求内容无法解析：{reason}' },
  body_too_large: { en: 'The request body is too large', 'zh-cn': '请求内容过大' },
  cross_site: { en: 'Cross-site request refused', 'zh-cn': '拒绝跨站请求' },
  rate_limited: { en: 'Too many attempts, please wait a minute and try again', 'zh-cn': '尝试次数过多，请一分钟后再试' },
  timeout: { en: 'The server did not answer in time, please try again', 'zh-cn': '服务器响应超时，请重试' },
  unavailable: { en: 'The service is temporarily unavailable, please try again shortly', 'zh-cn': '服务暂时不可用，请稍后重试' },
  not_available_yet: { en: 'This feature is not available on this server yet', 'zh-cn': '本服务器暂未提供此功能' },
  param_required: { en: "Parameter '{name}' is required", 'zh-cn': '参数 {name} 不能为空' },
  param_invalid: { en: "Parameter '{name}' is invalid: {reason}", 'zh-cn': '参数 {name} 无效：{reason}' },
  param_not_integer: { en: "Parameter '{name}' must be a whole number", 'zh-cn': '参数 {name} 必须是整数' },
  param_too_short: { en: "Parameter '{name}' must be at least {min} characters", 'zh-cn': '参数 {name} 至少需要 {min} 个字符' },
  param_too_long: { en: "Parameter '{name}' must be at most {max} characters", 'zh-cn': '参数 {name} 最多 {max} 个字符' },
  param_out_of_range: { en: "Parameter '{name}' is out of range", 'zh-cn': '参数 {name} 超出范围' },
  param_not_text: { en: "Parameter '{name}' must be text", 'zh-cn': '参数 {name} 必须是文本' },
  param_not_one_of: { en: "Parameter '{name}' must be one of: {values}", 'zh-cn': '参数 {name} 只能是：{values}' },
  username_format: {
    en: 'A username has 2 to 64 characters: letters, digits, _ - . @ or Chinese characters',
    'zh-cn': '用户名为 2 到 64 个字符，只能包含字母、数字、_ - . @ 或中文',
  },
  password_length: { en: 'A password has 6 to 128 characters', 'zh-cn': '密码长度为 6 到 128 个字符' },
  verification_code_are_incorrect: { en: 'Verification code are incorrect', 'zh-cn': '验证码不正确' },
  no_empty_password: { en: 'no empty password', 'zh-cn': '密码不能为空' },
  username_or_password_incorrect: { en: 'Username or password are incorrect', 'zh-cn': '用户名或密码不正确' },
  register_closed: { en: 'Registration has been closed by the administrator', 'zh-cn': '管理员已关闭注册' },
  code_much_the_same: { en: 'Password much be the same', 'zh-cn': '两次输入的密码不一致！' },
  username_exists: { en: 'Username exists', 'zh-cn': '用户名已经存在啦！' },
  old_password_incorrect: { en: 'The original password is not correct', 'zh-cn': '原密码不正确' },
  modify_faild: { en: 'Modify failed', 'zh-cn': '修改失败！' },
  user_not_found: { en: 'The user does not exist or has not registered', 'zh-cn': '该用户不存在或者尚未注册' },
  mail_not_configured: {
    en: 'This server cannot send mail yet; ask the administrator',
    'zh-cn': '本服务器暂时无法发送邮件，请联系管理员',
  },
  qrcode_size_range: { en: 'The QR code size must be a whole number from 1 to 20', 'zh-cn': '二维码尺寸必须是 1 到 20 之间的整数' },
  qrcode_data_too_long: { en: 'The url is too long to fit in a QR code', 'zh-cn': 'url 太长，无法生成二维码' },
  qrcode_url_required: { en: 'A url is required to draw a QR code', 'zh-cn': '生成二维码需要 url 参数' },
  // page service (pages, history, share links, catalogs, templates, recycle bin)
  page_not_found: { en: 'The page does not exist or has been deleted', 'zh-cn': '页面不存在或已被删除' },
  page_item_not_found: { en: 'The item does not exist or has been deleted', 'zh-cn': '项目不存在或者已删除' },
  page_item_locked: {
    en: 'This item is private: enter its visit password to read it',
    'zh-cn': '这是私密项目，请先输入访问密码',
  },
  page_item_archived: {
    en: 'This item is archived and read-only: its pages and catalogs can no longer change',
    'zh-cn': '项目已归档，只读：页面和目录不能再修改',
  },
  page_creator_only: { en: 'Only the creator of the item can do this', 'zh-cn': '不是项目创建者' },
  page_delete_denied: {
    en: 'Only the creator of the item, or an editor who wrote the page, can delete it',
    'zh-cn': '只有项目创建者或编写该页面的成员才能删除此页面',
  },
  page_empty_content: { en: 'Empty content is not allowed, please write something', 'zh-cn': '不允许保存空内容，请随便写点什么' },
  page_content_not_urlencoded: {
    en: 'The page content is marked as URL-encoded but is not valid URL-encoded text',
    'zh-cn': '页面内容标记为 URL 编码，但不是有效的 URL 编码文本',
  },
  page_default_title: { en: 'Default', 'zh-cn': '默认页面' },
  page_welcome_content: {
    en: 'Welcome to Quire. Click the edit button at the top right to start editing!',
    'zh-cn': '欢迎使用showdoc。点击右上方的编辑按钮进行编辑吧！',
  },
  page_history_not_found: { en: 'This history version does not belong to the page', 'zh-cn': '该历史版本不属于此页面' },
  page_share_key_unknown: { en: 'The share link does not exist or has been turned off', 'zh-cn': '分享链接不存在或已关闭' },
  page_json_invalid: { en: "Parameter '{name}' must be valid JSON: {reason}", 'zh-cn': '参数 {name} 必须是有效的 JSON：{reason}' },
  page_title_too_long: { en: 'A title has at most {max} characters', 'zh-cn': '标题最多 {max} 个字符' },
  catalog_not_found: { en: 'The catalog does not exist in this item', 'zh-cn': '该项目中不存在此目录' },
  catalog_name_required: { en: 'Please enter a catalog name', 'zh-cn': '目录名不能为空' },
  catalog_parent_self: { en: 'The parent catalog cannot be the catalog itself', 'zh-cn': '上级目录不能选择自身' },
  catalog_parent_descendant: {
    en: 'A catalog cannot be moved under one of its own sub-catalogs',
    'zh-cn': '上级目录不能选择自身的子目录',
  },
  catalog_too_deep: { en: 'Catalogs can be nested 3 levels deep at most', 'zh-cn': '目录最多只能有三级' },
  catalog_has_children: {
    en: 'This catalog has sub-catalogs; moving it there would nest them deeper than 3 levels',
    'zh-cn': '该目录含有子目录，不允许转为底层目录。',
  },
  catalog_path_too_deep: {
    en: "A catalog path has at most 3 levels ('a/b/c'), got {depth}",
    'zh-cn': '目录路径最多三级（a/b/c），当前为 {depth} 级',
  },
  catalog_no_permissions: { en: 'No permissions', 'zh-cn': '你无权限' },
  catalog_request_fail: { en: 'request  fail', 'zh-cn': 'request  fail' },
  template_not_found: { en: 'The template does not exist or is not yours', 'zh-cn': '模板不存在或不属于你' },
  recycle_page_not_found: { en: 'This page is not in the recycle bin of this item', 'zh-cn': '该页面不在此项目的回收站中' },
  // page service: attachments and images
  attachment_no_file: { en: 'No file was uploaded', 'zh-cn': '没有上传文件' },
  attachment_too_large: { en: 'The file is too large: files must be under 4 MB', 'zh-cn': '文件过大：文件大小不能超过 4MB' },
  attachment_image_type: {
    en: 'This file type cannot be uploaded as an image: use jpg, jpeg, gif, png, bmp or webp',
    'zh-cn': '不支持上传该文件类型。图片只能是 jpg、jpeg、gif、png、bmp 或 webp 格式',
  },
  attachment_save_page_first: { en: 'Please save the page at least once first', 'zh-cn': '请至少先保存一次页面内容' },
  attachment_not_found: { en: 'The file does not exist or has been deleted', 'zh-cn': '文件不存在或已被删除' },
  attachment_delete_failed: { en: 'Delete failed', 'zh-cn': '删除失败' },
  attachment_store_failed: { en: 'The file could not be stored, please try again', 'zh-cn': '文件保存失败，请重试' },
  // item service (items, visit passwords, api keys, open API)
  item_not_exist: { en: 'The item does not exist or has been deleted', 'zh-cn': '项目不存在或者已删除' },
  item_name_required: { en: 'Please enter an item name', 'zh-cn': '项目名不能为空' },
  item_domain_invalid: {
    en: 'Personalized domain names can only be a combination of letters or numbers',
    'zh-cn': '个性域名只能是字母或数字的组合',
  },
  item_domain_taken: { en: 'Personal domain name already exists', 'zh-cn': '个性域名已经存在' },
  item_not_creator: { en: 'You are not the creator of this item', 'zh-cn': '不是项目创建者' },
  item_visit_password_required: {
    en: 'This item is private: enter its visit password to read it',
    'zh-cn': '这是私密项目，请先输入访问密码',
  },
  access_password_are_incorrect: { en: 'Access password are incorrect', 'zh-cn': '访问密码不正确' },
  item_owner_password_incorrect: { en: 'The password is incorrect', 'zh-cn': '密码错误' },
  item_archived_read_only: {
    en: 'This item is archived and read-only: it can no longer change',
    'zh-cn': '项目已归档，只读：不能再修改',
  },
  item_already_archived: { en: 'The item is already archived', 'zh-cn': '项目已经归档' },
  item_not_member: { en: 'You are not a member of this item', 'zh-cn': '你不是该项目的成员' },
  item_sort_invalid: {
    en: "Parameter 'data' must be a JSON object mapping item ids to whole-number positions",
    'zh-cn': '参数 data 必须是项目 id 到整数位置的 JSON 对象',
  },
  api_key_mismatch: { en: 'api_key or api_token does not match', 'zh-cn': 'api_key 或 api_token 不匹配' },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof Messages;
export type MessageParams = Record<string, string | number>;

export function translate(key: MessageKey, language: Language, params: MessageParams = {}): string {
  const template = (Messages[key] ?? Messages.unknown_error)[language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(Messages, value);
}
