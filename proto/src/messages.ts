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
  collab_read_only: { en: 'You may only watch this page: saving it is for its editors', 'zh-cn': '你只能查看此页面：只有编辑者可以保存' },
  invalid_route: { en: 'Invalid request', 'zh-cn': '无效的请求' },
  bad_request: { en: 'The request body could not be read: {reason}', 'zh-cn': '请求内容无法解析：{reason}' },
  body_too_large: { en: 'The request body is too large', 'zh-cn': '请求内容过大' },
  body_too_deep: { en: 'The request body is nested too deeply (at most {max} levels)', 'zh-cn': '请求内容嵌套层级过深（最多 {max} 层）' },
  body_encoding_unsupported: {
    en: 'Compressed request bodies are not accepted: send the body without Content-Encoding',
    'zh-cn': '不接受压缩的请求内容：请去掉 Content-Encoding，发送未压缩的内容',
  },
  cross_site: {
    en: "Cross-site request refused: a change made with the login cookie must come from this site's own pages",
    'zh-cn': '拒绝跨站请求：使用登录 Cookie 的修改操作必须来自本站页面',
  },
  write_by_get: { en: 'This call changes data: send it as POST', 'zh-cn': '此操作会修改数据，请使用 POST 请求' },
  payload_too_large: { en: 'The request is too large (at most {max} MB)', 'zh-cn': '请求过大（最多 {max} MB）' },
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
  verification_code_are_incorrect: { en: 'The verification code is incorrect', 'zh-cn': '验证码不正确' },
  verification_code_required: { en: 'Please enter the verification code shown in the image', 'zh-cn': '请输入图片中的验证码' },
  captcha_not_found: { en: 'This verification code has expired or was already used; ask for a new one', 'zh-cn': '验证码已过期或已使用，请重新获取' },
  no_empty_password: { en: 'Please enter a password', 'zh-cn': '密码不能为空' },
  username_or_password_incorrect: { en: 'Incorrect username or password', 'zh-cn': '用户名或密码不正确' },
  login_too_many_failures: {
    en: 'Too many failed logins from your address: try again in {minutes} minutes',
    'zh-cn': '你所在地址的登录失败次数过多，请 {minutes} 分钟后再试',
  },
  register_closed: { en: 'Registration has been closed by the administrator', 'zh-cn': '管理员已关闭注册' },
  code_much_the_same: { en: 'The two passwords do not match', 'zh-cn': '两次输入的密码不一致' },
  username_exists: { en: 'This username is already taken', 'zh-cn': '该用户名已被注册' },
  old_password_incorrect: { en: 'The original password is not correct', 'zh-cn': '原密码不正确' },
  modify_faild: { en: 'The change could not be saved', 'zh-cn': '修改失败' },
  user_not_found: { en: 'The user does not exist or has not registered', 'zh-cn': '该用户不存在或者尚未注册' },
  mail_not_configured: {
    en: 'This server cannot send mail yet; ask the administrator',
    'zh-cn': '本服务器暂时无法发送邮件，请联系管理员',
  },
  qrcode_size_range: { en: 'The QR code size must be a whole number from 1 to 20', 'zh-cn': '二维码尺寸必须是 1 到 20 之间的整数' },
  qrcode_data_too_long: { en: 'The URL is too long to fit in a QR code', 'zh-cn': 'URL 太长，无法生成二维码' },
  qrcode_url_required: { en: 'A URL is required to draw a QR code', 'zh-cn': '生成二维码需要 url 参数' },
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
  page_move_refused: {
    en: 'A page cannot be moved to another item: save it in its own item',
    'zh-cn': '页面不能移动到其他项目，请在其所属项目中保存',
  },
  page_content_not_urlencoded: {
    en: 'The page content is marked as URL-encoded but is not valid URL-encoded text',
    'zh-cn': '页面内容标记为 URL 编码，但不是有效的 URL 编码文本',
  },
  page_default_title: { en: 'Default', 'zh-cn': '默认页面' },
  page_welcome_content: {
    en: 'Welcome to Quire. Click the edit button at the top right to start editing!',
    'zh-cn': '欢迎使用 Quire。点击右上方的编辑按钮开始编辑吧！',
  },
  page_history_not_found: { en: 'This history version does not belong to the page', 'zh-cn': '该历史版本不属于此页面' },
  comment_not_found: { en: 'The comment does not exist or has been deleted', 'zh-cn': '评论不存在或已被删除' },
  comment_no_replies: { en: 'Replies to comments are not supported: send parent_id 0', 'zh-cn': '暂不支持回复评论：parent_id 请传 0' },
  comment_delete_denied: { en: 'Only the author of a comment or the owner of the item may delete it', 'zh-cn': '只有评论作者或项目所有者可以删除评论' },
  comment_item_archived: { en: 'This item is archived: comments are closed', 'zh-cn': '该项目已归档，不能再评论' },
  comment_notice_title: { en: '{name} commented on “{page}”', 'zh-cn': '{name} 评论了“{page}”' },
  page_share_key_unknown: { en: 'The share link does not exist or has been turned off', 'zh-cn': '分享链接不存在或已关闭' },
  share_link_unknown: { en: 'This share link does not exist', 'zh-cn': '分享链接不存在' },
  audit_date_invalid: { en: 'The date {name} must be written as YYYY-MM-DD', 'zh-cn': '日期 {name} 的格式应为 YYYY-MM-DD' },
  audit_action_unknown: { en: 'Unknown {name}: the audit log records no such action', 'zh-cn': '未知的 {name}：审计日志中没有这种操作' },
  audit_item_denied: { en: "Only the item's owner can read its activity", 'zh-cn': '只有项目所有者可以查看项目动态' },
  share_link_expired: { en: 'This share link has expired', 'zh-cn': '分享链接已过期' },
  share_link_revoked: { en: 'This share link has been revoked', 'zh-cn': '分享链接已被撤销' },
  share_link_password: { en: 'This share link needs its password', 'zh-cn': '请输入分享链接的访问密码' },
  share_link_password_wrong: { en: 'The share link password is incorrect', 'zh-cn': '分享链接的访问密码不正确' },
  share_link_expiry_past: { en: 'The expiry time must be in the future', 'zh-cn': '过期时间必须晚于当前时间' },
  share_link_target_missing: { en: 'The page or catalog to share does not exist in this item', 'zh-cn': '要分享的页面或目录不在此项目中' },
  share_link_revoke_denied: {
    en: "Only the link's maker or the item's owner can revoke it",
    'zh-cn': '只有链接的创建者或项目所有者可以撤销它',
  },
  token_read_only: {
    en: 'This API token may only read: make a token with the read and write scope to change anything',
    'zh-cn': '此 API 令牌只能读取：要修改内容，请创建具有读写权限的令牌',
  },
  token_session_only: {
    en: 'API tokens cannot manage tokens, passwords or sign-in settings: sign in to do this',
    'zh-cn': 'API 令牌不能管理令牌、密码或登录设置：请登录后操作',
  },
  token_rate_limited: { en: 'Too many calls with this API token, please wait a minute', 'zh-cn': '此 API 令牌的调用过于频繁，请一分钟后再试' },
  token_invalid: {
    en: 'This API token is not valid: it was revoked, has expired or never existed',
    'zh-cn': '此 API 令牌无效：它已被撤销、已过期或不存在',
  },
  mcp_token_required: {
    en: 'The MCP server needs a personal API token: send Authorization: Bearer <token> (make one in personal settings)',
    'zh-cn': 'MCP 服务需要个人 API 令牌：请发送 Authorization: Bearer <令牌>（在个人设置中创建）',
  },
  two_factor_code_needed: { en: 'Enter the code from your authenticator app', 'zh-cn': '请输入身份验证器应用中的验证码' },
  two_factor_enrol_needed: {
    en: 'This site requires two-factor sign-in: set up an authenticator app to continue',
    'zh-cn': '本站要求两步验证登录：请先设置身份验证器应用',
  },
  two_factor_challenge_expired: {
    en: 'This sign-in has expired or was already used: sign in with your password again',
    'zh-cn': '本次登录已过期或已被使用：请重新输入密码登录',
  },
  two_factor_code_incorrect: { en: 'The code is incorrect or was already used', 'zh-cn': '验证码不正确或已被使用' },
  two_factor_not_enabled: { en: 'Two-factor sign-in is not turned on', 'zh-cn': '尚未开启两步验证' },
  two_factor_already_enabled: { en: 'Two-factor sign-in is already on: turn it off first to set up a new app', 'zh-cn': '两步验证已开启：如需更换应用，请先关闭' },
  two_factor_setup_missing: { en: 'Start the setup again: no new secret is waiting for a code', 'zh-cn': '请重新开始设置：没有等待确认的新密钥' },
  two_factor_required_by_site: { en: 'This site requires two-factor sign-in: it cannot be turned off', 'zh-cn': '本站要求两步验证登录，不能关闭' },
  oidc_issuer_invalid: { en: 'The issuer must be an http(s) address', 'zh-cn': '签发者必须是 http(s) 地址' },
  oidc_claim_invalid: { en: "Parameter '{name}' must be a claim name (letters, digits, _ . : -)", 'zh-cn': '参数 {name} 必须是声明名称（字母、数字、_ . : -）' },
  oidc_scopes_openid: { en: "The scopes must include 'openid'", 'zh-cn': '权限范围必须包含 openid' },
  oidc_settings_incomplete: { en: 'Single sign-on needs an issuer and a client id', 'zh-cn': '单点登录需要填写签发者和客户端 ID' },
  oidc_issuer_unreachable: {
    en: 'The OpenID provider could not be reached at this issuer ({reason}): nothing was saved',
    'zh-cn': '无法通过此签发者连接 OpenID 提供方（{reason}）：未保存任何内容',
  },
  oidc_disabled: { en: 'Single sign-on is not turned on', 'zh-cn': '未开启单点登录' },
  oidc_state_invalid: {
    en: 'This sign-in has expired or was already used: start it again from the login screen',
    'zh-cn': '本次登录已过期或已被使用：请从登录页重新开始',
  },
  oidc_provider_refused: { en: 'The OpenID provider did not confirm the sign-in ({reason})', 'zh-cn': 'OpenID 提供方未确认本次登录（{reason}）' },
  oidc_no_account: {
    en: 'No Quire account matches this sign-in, and this site does not create accounts on first sign-in: ask an administrator',
    'zh-cn': '没有与此登录对应的 Quire 账号，且本站不会在首次登录时创建账号：请联系管理员',
  },
  oidc_username_missing: { en: 'The OpenID provider gave no usable username', 'zh-cn': 'OpenID 提供方没有提供可用的用户名' },
  token_unknown: { en: 'This API token does not exist or has already been revoked', 'zh-cn': 'API 令牌不存在或已被撤销' },
  token_too_many: { en: 'You have {max} API tokens already: revoke one first', 'zh-cn': '你已有 {max} 个 API 令牌：请先撤销一个' },
  page_json_invalid: { en: "Parameter '{name}' must be valid JSON: {reason}", 'zh-cn': '参数 {name} 必须是有效的 JSON：{reason}' },
  page_title_too_long: { en: 'A title has at most {max} characters', 'zh-cn': '标题最多 {max} 个字符' },
  page_base_hash_invalid: {
    en: "Parameter 'base_hash' must be a page's content_hash as page/info gives it: 64 hexadecimal digits",
    'zh-cn': '参数 base_hash 必须是 page/info 返回的 content_hash：64 位十六进制数字',
  },
  page_edit_conflict: {
    en: 'Someone changed the same lines of this page since you opened it, so nothing was saved: both versions are in the reply, merge them and save again',
    'zh-cn': '你打开此页面后，有人修改了相同的行，因此本次没有保存：两个版本都在返回内容中，请合并后重新保存',
  },
  page_edit_base_unknown: {
    en: 'The version your edit started from is no longer known, so it cannot be merged safely and nothing was saved: both versions are in the reply, merge them and save again',
    'zh-cn': '你编辑所基于的版本已不存在，无法安全合并，因此本次没有保存：两个版本都在返回内容中，请合并后重新保存',
  },
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
    'zh-cn': '该目录含有子目录，移到这里后层级会超过三级',
  },
  catalog_path_too_deep: {
    en: "A catalog path has at most 3 levels ('a/b/c'), got {depth}",
    'zh-cn': '目录路径最多三级（a/b/c），当前为 {depth} 级',
  },
  catalog_no_permissions: { en: 'No permissions', 'zh-cn': '你没有权限' },
  catalog_request_fail: { en: 'request  fail', 'zh-cn': 'request  fail' },
  template_not_found: { en: 'The template does not exist or is not yours', 'zh-cn': '模板不存在或不属于你' },
  recycle_page_not_found: { en: 'This page is not in the recycle bin of this item', 'zh-cn': '该页面不在此项目的回收站中' },
  recycle_catalog_not_found: { en: 'This catalog is not in the recycle bin of this item', 'zh-cn': '该目录不在此项目的回收站中' },
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
  upload_quota_exceeded: {
    en: 'Your uploaded files have reached your limit of {quota} MB: delete files you no longer need, then try again',
    'zh-cn': '你上传的文件已达到 {quota} MB 的上限，请删除不再需要的文件后重试',
  },
  // item service (items, visit passwords, api keys, open API)
  item_not_exist: { en: 'The item does not exist or has been deleted', 'zh-cn': '项目不存在或者已删除' },
  item_name_required: { en: 'Please enter an item name', 'zh-cn': '项目名不能为空' },
  item_unfinished: { en: 'The item could not be finished in time; please try again', 'zh-cn': '项目未能及时创建完成，请重试' },
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
  access_password_are_incorrect: { en: 'The visit password is incorrect', 'zh-cn': '访问密码不正确' },
  item_password_too_many_failures: {
    en: 'Too many wrong visit passwords for this item from your address: try again in {minutes} minutes',
    'zh-cn': '你所在地址对该项目输错访问密码的次数过多，请 {minutes} 分钟后再试',
  },
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
  // item members (item service)
  member_group_edit: { en: 'edit', 'zh-cn': '编辑' },
  member_group_read_only: { en: 'read-only', 'zh-cn': '只读' },
  member_already_member: { en: 'This user is already a member of the item', 'zh-cn': '该用户已经是项目成员' },
  member_is_creator: {
    en: 'You created this item and already have every right on it: add someone else',
    'zh-cn': '你是项目创建者，已拥有全部权限，无需添加自己',
  },
  member_not_found: { en: 'This member does not belong to the item', 'zh-cn': '该成员不属于此项目' },
  item_exit_in_team: {
    en: "You belong to the team '{team_name}': ask '{owner}' to remove you from the team",
    'zh-cn': '你目前在团队“{team_name}”中，可以请“{owner}”把你移出该团队',
  },
  // teams (team service)
  team_not_owned: { en: 'No such team, or you do not manage this team', 'zh-cn': '无此团队或者你无管理此团队的权限' },
  team_name_required: { en: 'Please enter a team name', 'zh-cn': '团队名称不能为空' },
  team_member_exists: { en: 'This user is already a member of the team', 'zh-cn': '该用户已经是团队成员' },
  team_member_is_owner: {
    en: 'You own this team: add someone else as a member',
    'zh-cn': '你是团队的创建者，无需把自己添加为成员',
  },
  team_item_exists: { en: 'This item is already assigned to the team', 'zh-cn': '该项目已经分配给此团队' },
  team_item_not_found: { en: 'This item is not assigned to the team', 'zh-cn': '该团队中没有此项目' },
  team_item_member_not_found: { en: 'This team member right does not exist', 'zh-cn': '该成员权限不存在' },
  // notices (notice service) and the notices other services send
  item_group_not_found: { en: 'The item group does not exist or is not yours', 'zh-cn': '项目分组不存在或不属于你' },
  item_group_limit: { en: 'You can keep at most {max} item groups', 'zh-cn': '最多只能创建 {max} 个项目分组' },
  item_group_item_ids_invalid: { en: "Parameter 'item_ids' must be item ids separated by commas", 'zh-cn': '参数 item_ids 必须是以逗号分隔的项目 ID' },
  item_group_too_many_items: { en: 'An item group holds at most 1000 items', 'zh-cn': '一个项目分组最多包含 1000 个项目' },
  item_group_sort_invalid: {
    en: 'Parameter \'groups\' must be a JSON list of {"id": …, "s_number": …}',
    'zh-cn': '参数 groups 必须是 {"id": …, "s_number": …} 组成的 JSON 列表',
  },
  page_locked_by_other: { en: '{name} is editing this page right now', 'zh-cn': '{name} 正在编辑此页面' },
  template_title_required: { en: 'Please give the template a title', 'zh-cn': '模板标题不能为空' },
  notice_not_found: { en: 'The notice does not exist or is not yours', 'zh-cn': '消息不存在或不属于你' },
  notice_member_added_title: { en: 'You were added to an item', 'zh-cn': '你被添加为项目成员' },
  notice_member_added_content: {
    en: '<p>{from} added you to the item {item} with the right: {right}.</p>',
    'zh-cn': '<p>{from} 把你添加为项目 {item} 的成员，权限：{right}。</p>',
  },
  notice_team_added_title: { en: 'You were added to a team', 'zh-cn': '你被添加为团队成员' },
  notice_team_added_content: {
    en: "<p>{from} added you to the team {team}: you can now read the team's items.</p>",
    'zh-cn': '<p>{from} 把你添加为团队 {team} 的成员，你现在可以查看该团队的项目。</p>',
  },
  notice_item_attorned_title: { en: 'An item was transferred to you', 'zh-cn': '有项目转让给了你' },
  notice_item_attorned_content: {
    en: '<p>{from} transferred the item {item} to you: you are now its creator.</p>',
    'zh-cn': '<p>{from} 把项目 {item} 转让给了你，你现在是它的创建者。</p>',
  },
  // admin console, site settings, LDAP login, e-mail (auth and admin services)
  admin_user_not_found: { en: 'The user does not exist', 'zh-cn': '用户不存在' },
  admin_user_is_admin: { en: 'An administrator cannot be deleted', 'zh-cn': '不允许删除管理员' },
  admin_last_admin: { en: 'The last administrator cannot be deleted', 'zh-cn': '不能删除最后一个管理员' },
  admin_user_owns_items: {
    en: 'This user still owns items and cannot be deleted; delete them or transfer them to someone else first',
    'zh-cn': '该用户名下还有项目，不能删除。请先删除这些项目或将其转让给他人',
  },
  setting_invalid_json: { en: "Parameter '{name}' must be a JSON object", 'zh-cn': '参数 {name} 必须是 JSON 对象' },
  setting_link_invalid: {
    en: 'A link must start with http://, https:// or / (a page of this site)',
    'zh-cn': '链接必须以 http://、https:// 或 /（本站页面）开头',
  },
  setting_home_item_required: {
    en: 'Choose the item the home page shows (home_item) when home_page is 3',
    'zh-cn': 'home_page 为 3 时必须指定首页显示的项目（home_item）',
  },
  ldap_host_invalid: {
    en: 'The LDAP host must be a host name or an IP address (optionally ldap:// or ldaps://)',
    'zh-cn': 'LDAP 主机必须是主机名或 IP 地址（可带 ldap:// 或 ldaps://）',
  },
  ldap_user_field_invalid: { en: 'The LDAP user field must be an attribute name such as uid or cn', 'zh-cn': 'LDAP 用户字段必须是属性名，例如 uid 或 cn' },
  ldap_search_filter_invalid: {
    en: 'The LDAP search filter must be one filter in parentheses containing %(user)s, such as (uid=%(user)s)',
    'zh-cn': 'LDAP 搜索过滤器必须是一个带括号且包含 %(user)s 的过滤器，例如 (uid=%(user)s)',
  },
  ldap_control_characters: { en: "The LDAP setting '{name}' contains control characters", 'zh-cn': 'LDAP 设置 {name} 含有控制字符' },
  ldap_cannot_connect: { en: "Can't connect to LDAP server {address}", 'zh-cn': '无法连接到 LDAP 服务器 {address}' },
  ldap_timeout: {
    en: 'The LDAP server {address} did not answer within {seconds} seconds',
    'zh-cn': 'LDAP 服务器 {address} 在 {seconds} 秒内没有响应',
  },
  ldap_cannot_bind: {
    en: "Can't bind to LDAP server: the bind DN or password was refused",
    'zh-cn': '无法绑定到 LDAP 服务器：绑定 DN 或密码被拒绝',
  },
  ldap_search_failed: { en: 'The LDAP search under the base DN failed: {reason}', 'zh-cn': '在基础 DN 下搜索 LDAP 失败：{reason}' },
  ldap_login_unavailable: {
    en: 'The directory (LDAP) server cannot be reached; please try again later',
    'zh-cn': '无法连接目录（LDAP）服务器，请稍后再试',
  },
  ldap_ca_cert_invalid: {
    en: 'The LDAP CA certificate must be one or more PEM certificates (-----BEGIN CERTIFICATE----- …) that can be read',
    'zh-cn': 'LDAP CA 证书必须是一个或多个可读取的 PEM 证书（-----BEGIN CERTIFICATE----- …）',
  },
  ldap_security_conflict: {
    en: 'A host written ldaps:// already uses LDAPS; choose LDAPS or remove ldaps:// from the host',
    'zh-cn': '主机以 ldaps:// 开头即表示使用 LDAPS；请选择 LDAPS，或去掉主机中的 ldaps://',
  },
  ldap_group_filter_invalid: {
    en: 'The LDAP group filter must be one filter in parentheses containing %(dn)s or %(user)s, such as (member=%(dn)s)',
    'zh-cn': 'LDAP 组过滤器必须是一个带括号且包含 %(dn)s 或 %(user)s 的过滤器，例如 (member=%(dn)s)',
  },
  ldap_group_teams_invalid: {
    en: 'The group → team mapping must be a list of rows, each with a group name and a team',
    'zh-cn': '组 → 团队映射必须是若干行，每行包含组名和团队',
  },
  ldap_group_teams_too_many: { en: 'At most {max} group → team rows', 'zh-cn': '组 → 团队映射最多 {max} 行' },
  ldap_group_name_invalid: {
    en: 'Each mapped LDAP group needs a name of at most 255 characters without control characters',
    'zh-cn': '每个映射的 LDAP 组都需要一个不超过 255 个字符且不含控制字符的组名',
  },
  ldap_group_team_invalid: { en: 'Each mapped LDAP group needs a team', 'zh-cn': '每个映射的 LDAP 组都需要选择一个团队' },
  ldap_group_team_missing: { en: 'There is no team with id {team_id} to map the LDAP group {group} to', 'zh-cn': '没有 ID 为 {team_id} 的团队可映射 LDAP 组 {group}' },
  ldap_group_search_failed: { en: 'The LDAP group search under the group base DN failed: {reason}', 'zh-cn': '在组基础 DN 下搜索 LDAP 组失败：{reason}' },
  ldap_tls_untrusted: {
    en: 'The LDAP server {address} presented a certificate that is not trusted: check the CA certificate ({reason})',
    'zh-cn': 'LDAP 服务器 {address} 出示的证书不受信任，请检查 CA 证书（{reason}）',
  },
  ldap_tls_name_mismatch: {
    en: "The LDAP server's certificate is not for the host {address}: use the name the certificate was issued to",
    'zh-cn': 'LDAP 服务器的证书与主机 {address} 不符，请使用证书签发时的主机名',
  },
  ldap_tls_expired: { en: "The LDAP server {address}'s certificate has expired or is not valid yet", 'zh-cn': 'LDAP 服务器 {address} 的证书已过期或尚未生效' },
  ldap_tls_failed: {
    en: 'The secure (TLS) connection to the LDAP server {address} failed: {reason}',
    'zh-cn': '与 LDAP 服务器 {address} 建立安全（TLS）连接失败：{reason}',
  },
  ldap_starttls_refused: {
    en: 'The LDAP server {address} refused StartTLS: it has no certificate set up, or choose LDAPS',
    'zh-cn': 'LDAP 服务器 {address} 拒绝了 StartTLS：服务器未配置证书，或请改用 LDAPS',
  },
  ldap_admin_account_exists: {
    en: 'An administrator account named {username} exists; directory sign-in never links administrator accounts',
    'zh-cn': '已存在名为 {username} 的管理员账号；目录登录不会关联管理员账号',
  },
  ldap_local_account_exists: {
    en: 'A local account named {username} already exists; an administrator can let directory sign-in link it',
    'zh-cn': '已存在名为 {username} 的本地账号；管理员可以允许目录登录关联该账号',
  },
  email_invalid: { en: 'Please enter a valid e-mail address', 'zh-cn': '请输入有效的邮箱地址' },
  email_taken: { en: 'This e-mail address is already bound to another account', 'zh-cn': '该邮箱已被其他账号绑定' },
  login_password_incorrect: { en: 'The login password is incorrect', 'zh-cn': '登录密码不正确' },
  mail_too_frequent: {
    en: 'An email was sent to this address less than 3 minutes ago; please wait a little',
    'zh-cn': '邮件发送过于频繁，请 3 分钟后再试',
  },
  email_verify_link_invalid: { en: 'This verification link is invalid or has expired', 'zh-cn': '验证链接无效或已过期' },
  reset_link_invalid: {
    en: 'This password reset link is invalid, already used or expired',
    'zh-cn': '重置密码链接无效、已使用或已过期',
  },
  mail_verify_subject: { en: 'Verify your e-mail address', 'zh-cn': '验证你的邮箱' },
  mail_verify_text: {
    en: 'Hello {username},\n\nOpen this link to verify your e-mail address:\n{link}\n\nThe link is valid for 24 hours. If you did not ask for this, ignore this mail.',
    'zh-cn': '{username}，你好：\n\n请打开以下链接验证你的邮箱：\n{link}\n\n链接 24 小时内有效。如果这不是你本人的操作，请忽略此邮件。',
  },
  mail_reset_subject: { en: 'Reset your password', 'zh-cn': '重置密码' },
  mail_reset_text: {
    en: 'Hello {username},\n\nOpen this link to set a new password:\n{link}\n\nThe link works once, within 1 hour. If you did not ask for this, ignore this mail.',
    'zh-cn': '{username}，你好：\n\n请打开以下链接设置新密码：\n{link}\n\n链接只能使用一次，1 小时内有效。如果这不是你本人的操作，请忽略此邮件。',
  },
  // export service (Word and Markdown exports)
  export_catalog_not_found: { en: 'The catalog does not exist in this item', 'zh-cn': '该项目中不存在此目录' },
  export_job_not_found: { en: 'The export does not exist or has expired', 'zh-cn': '导出任务不存在或已过期' },
  export_job_not_finished: { en: 'The export is not finished yet', 'zh-cn': '导出尚未完成' },
  export_job_failed: { en: 'The export failed: {reason}', 'zh-cn': '导出失败：{reason}' },
  export_still_running: {
    en: 'The export is taking longer than expected; follow it with job {job_id} (export/status)',
    'zh-cn': '导出耗时较长，请通过任务 {job_id} 查看进度（export/status）',
  },
  export_store_failed: { en: 'The exported file could not be stored', 'zh-cn': '导出文件无法保存' },
  export_doc_contents: { en: 'Contents', 'zh-cn': '目录' },
  export_doc_empty: { en: 'This item has no pages yet.', 'zh-cn': '该项目还没有页面。' },
  export_doc_catalog: { en: 'Catalog: {name}', 'zh-cn': '目录：{name}' },
  export_doc_exported: { en: 'Exported {time}', 'zh-cn': '导出于 {time}' },
  export_site_search: { en: 'Search', 'zh-cn': '搜索' },
  export_site_no_results: { en: 'No page matches', 'zh-cn': '没有匹配的页面' },
  export_renderer_missing: {
    en: 'PDF and HTML exports are not available on this server (its web build lacks the export renderer); export as Word or Markdown',
    'zh-cn': '此服务器不支持 PDF 和 HTML 导出（网页构建中缺少导出渲染器）；请导出为 Word 或 Markdown',
  },
  export_doc_image_missing: { en: 'Image not available: {alt}', 'zh-cn': '图片不可用：{alt}' },
  export_doc_table_truncated: {
    en: 'This table has {rows} rows; the first {shown} are shown here. The full table is in the page itself.',
    'zh-cn': '此表格共有 {rows} 行，这里只显示前 {shown} 行。完整表格请查看页面本身。',
  },
  export_doc_page_truncated: {
    en: 'This page is too long to export in full; the first {shown} characters of {total} are shown.',
    'zh-cn': '此页面过长，无法完整导出；这里只显示 {total} 个字符中的前 {shown} 个。',
  },
  // search service
  search_keyword_required: { en: 'Enter a keyword to search for', 'zh-cn': '请输入要搜索的关键词' },
  search_item_not_found: { en: 'The item does not exist or has been deleted', 'zh-cn': '项目不存在或者已删除' },
  search_item_no_permission: { en: 'You may not read this item', 'zh-cn': '你无权查看此项目' },
  // import service (issue 16)
  import_not_sqlite: {
    en: 'The file is not a SQLite database ({reason}): upload the Sqlite/showdoc.db.php file of the ShowDoc site',
    'zh-cn': '该文件不是 SQLite 数据库（{reason}）：请上传 ShowDoc 站点的 Sqlite/showdoc.db.php 文件',
  },
  import_db_damaged: {
    en: 'The database file is damaged or truncated ({reason}): copy it again from the ShowDoc site (with ShowDoc stopped)',
    'zh-cn': '数据库文件已损坏或不完整（{reason}）：请在停止 ShowDoc 后重新复制该文件',
  },
  import_not_showdoc: {
    en: 'The database is not a ShowDoc database: {reason}',
    'zh-cn': '该数据库不是 ShowDoc 的数据库：{reason}',
  },
  import_uploads_unreadable: {
    en: 'The uploads could not be read ({reason}): give the Public/Uploads folder of the ShowDoc site, or a zip of it',
    'zh-cn': '无法读取上传文件（{reason}）：请提供 ShowDoc 站点的 Public/Uploads 目录或其 zip 压缩包',
  },
  import_db_required: {
    en: 'Upload the ShowDoc database file (field db), or a zip of the site holding it (field file)',
    'zh-cn': '请上传 ShowDoc 数据库文件（字段 db），或包含该数据库的站点 zip 压缩包（字段 file）',
  },
  import_uploads_not_zip: {
    en: 'The uploads file is not a zip archive: zip the Public/Uploads folder of the ShowDoc site and upload that (field uploads)',
    'zh-cn': '上传的附件文件不是 zip 压缩包：请把 ShowDoc 站点的 Public/Uploads 目录打成 zip 后上传（字段 uploads）',
  },
  import_not_found: { en: 'The import does not exist or has expired', 'zh-cn': '导入任务不存在或已过期' },
  import_not_finished: { en: 'The import is not finished yet', 'zh-cn': '导入尚未完成' },
  import_failed: { en: 'The import failed: {reason}', 'zh-cn': '导入失败：{reason}' },
  import_already_running: {
    en: 'An import is already running ({import_id}): wait until it is finished',
    'zh-cn': '已有导入任务在运行（{import_id}）：请等待其完成',
  },
  // the import service: Markdown zips (import/auto)
  import_file_type: { en: 'Only a .zip of Markdown files can be imported here', 'zh-cn': '这里只能导入 Markdown 文件的 .zip 压缩包' },
  import_not_zip: { en: 'The file is not a zip archive (or it is cut short)', 'zh-cn': '该文件不是 zip 压缩包（或文件不完整）' },
  import_zip_corrupt: { en: 'The zip cannot be read: {reason}', 'zh-cn': '无法读取该 zip 压缩包：{reason}' },
  import_zip_encrypted: { en: 'The zip is encrypted ({name}): import a zip without a password', 'zh-cn': '该 zip 已加密（{name}）：请导入未加密的压缩包' },
  import_zip_too_large: { en: 'The zip is too large (at most {max} MB)', 'zh-cn': 'zip 压缩包过大（最多 {max} MB）' },
  import_zip_too_many_files: { en: 'The zip holds too many files (at most {max})', 'zh-cn': 'zip 压缩包中的文件过多（最多 {max} 个）' },
  import_zip_too_big_unpacked: { en: 'The zip unpacks to more than {max} MB', 'zh-cn': 'zip 压缩包解压后超过 {max} MB' },
  import_zip_file_too_large: { en: '{name} is larger than {max} MB', 'zh-cn': '{name} 超过 {max} MB' },
  import_zip_unsafe_name: {
    en: 'The zip holds a file whose path leaves the archive or is not allowed: {name}',
    'zh-cn': 'zip 压缩包中有不允许的文件路径（指向压缩包之外或含非法字符）：{name}',
  },
  import_zip_name_encoding: {
    en: 'The zip holds a file name that is not UTF-8 ({name}): create the zip again with UTF-8 file names',
    'zh-cn': 'zip 压缩包中有非 UTF-8 编码的文件名（{name}）：请使用 UTF-8 文件名重新打包',
  },
  import_zip_duplicate_name: { en: 'The zip holds two files named {name}', 'zh-cn': 'zip 压缩包中有两个名为 {name} 的文件' },
  import_zip_no_markdown: { en: 'The zip holds no Markdown (.md) file', 'zh-cn': 'zip 压缩包中没有 Markdown（.md）文件' },
  import_page_too_long: { en: '{name} is longer than a page may be ({max} characters)', 'zh-cn': '{name} 超过单个页面的长度上限（{max} 个字符）' },
  import_markdown_encoding: { en: '{name} is not UTF-8 text: save it as UTF-8 and zip it again', 'zh-cn': '{name} 不是 UTF-8 文本：请另存为 UTF-8 后重新打包' },
  // the import service: API descriptions (importSwagger/import, importPostman/import, importApi/url)
  api_import_not_api: {
    en: 'The file is neither an OpenAPI (Swagger) document nor a Postman collection',
    'zh-cn': '该文件既不是 OpenAPI（Swagger）文档，也不是 Postman 集合',
  },
  api_import_unreadable: {
    en: 'The document cannot be read at line {line}, column {column}: {reason}',
    'zh-cn': '文档第 {line} 行第 {column} 列无法解析：{reason}',
  },
  api_import_invalid: { en: 'The document is not valid at {place}: {reason}', 'zh-cn': '文档在 {place} 处不合法：{reason}' },
  api_import_too_large: { en: 'The document is larger than {max} MB', 'zh-cn': '文档超过 {max} MB' },
  api_import_no_operations: { en: 'The document describes no operation', 'zh-cn': '文档中没有任何接口' },
  api_import_postman_v1: {
    en: 'Postman 1.0 collections cannot be imported: export the collection from Postman as Collection v2.1',
    'zh-cn': '不支持导入 Postman 1.0 集合：请在 Postman 中将集合导出为 Collection v2.1 格式',
  },
  api_import_schema_too_large: { en: 'The schema {name} is larger than {max} KB', 'zh-cn': '数据结构 {name} 超过 {max} KB' },
  api_import_source_not_found: { en: 'This import is not known in this item', 'zh-cn': '该项目中没有这次导入的记录' },
  api_import_catalog_not_found: { en: 'The catalog does not exist in this item', 'zh-cn': '该项目中不存在此目录' },
  api_import_fetch_status: { en: '{host} answered {status} instead of the document', 'zh-cn': '{host} 返回了 {status}，而不是文档' },
  api_import_fetch_redirects: { en: '{host} redirected too many times', 'zh-cn': '{host} 重定向次数过多' },
  // the import service: re-sync of imported API descriptions (importApi/resync, open/resyncApi, the schedule)
  api_resync_no_source: {
    en: 'This item has no API description to re-sync: import one from a file or a URL first',
    'zh-cn': '该项目没有可以重新同步的 API 文档：请先从文件或 URL 导入',
  },
  api_resync_source_gone: {
    en: 'The document last uploaded is no longer kept: upload it again',
    'zh-cn': '上次上传的文档已不再保留：请重新上传',
  },
  notice_api_resync_title: { en: 'API documentation re-synced: {item}', 'zh-cn': 'API 文档已重新同步：{item}' },
  notice_api_resync_content: {
    en: '<p>{by} re-synced the API documentation of the item {item} from {origin}: {added} operations added, {changed} changed, {removed} removed.</p>{details}',
    'zh-cn': '<p>{by} 从 {origin} 重新同步了项目 {item} 的 API 文档：新增 {added} 个接口，变更 {changed} 个，删除 {removed} 个。</p>{details}',
  },
  api_resync_job_not_found: { en: 'There is no such re-sync of yours', 'zh-cn': '没有找到你的这次重新同步' },
  api_resync_by_schedule: { en: 'The schedule', 'zh-cn': '定时任务' },
  api_resync_added: { en: 'Added', 'zh-cn': '新增' },
  api_resync_changed: { en: 'Changed', 'zh-cn': '变更' },
  api_resync_removed: { en: 'Removed', 'zh-cn': '删除' },
  // the webhook service (issue 20: webhook/*)
  webhook_not_found: { en: 'The webhook does not exist or has been deleted', 'zh-cn': 'Webhook 不存在或已被删除' },
  webhook_url_invalid: {
    en: 'The webhook URL must be an absolute http:// or https:// address without user name or password',
    'zh-cn': 'Webhook 地址必须是以 http:// 或 https:// 开头的完整地址，且不能包含用户名或密码',
  },
  webhook_event_unknown: {
    en: "Parameter 'events' must list webhook events such as page.update or member.add (or be empty for every event)",
    'zh-cn': '参数 events 只能列出 Webhook 事件，例如 page.update 或 member.add（留空表示所有事件）',
  },
  webhook_site_admin_only: { en: 'Only an administrator may manage site-wide webhooks', 'zh-cn': '只有管理员可以管理全站 Webhook' },
  webhook_owner_only: { en: 'Only the owner of the item may manage its webhooks', 'zh-cn': '只有项目所有者可以管理项目的 Webhook' },
  webhook_status: { en: 'The receiver answered HTTP {status}', 'zh-cn': '接收方返回了 HTTP {status}' },
  webhook_disabled: { en: 'The webhook is turned off', 'zh-cn': 'Webhook 已停用' },
  // the HTTP API test tool's server proxy (Quire extension, /api/http-proxy)
  http_proxy_closed: {
    en: 'Sending requests through the server is turned off; an administrator can turn it on in the site settings',
    'zh-cn': '通过服务器发送请求的功能已关闭，管理员可以在站点设置中开启',
  },
  http_proxy_forbidden_address: {
    en: 'The server does not send requests to {host} ({address}): loopback, private, link-local and other internal addresses are refused',
    'zh-cn': '服务器不会向 {host}（{address}）发送请求：回环、私有、链路本地等内部地址一律拒绝',
  },
  http_proxy_url_invalid: {
    en: 'The URL must be an absolute http:// or https:// address without user name or password',
    'zh-cn': 'URL 必须是以 http:// 或 https:// 开头的完整地址，且不能包含用户名或密码',
  },
  http_proxy_header_invalid: { en: 'A header name or value is invalid', 'zh-cn': '请求头的名称或值无效' },
  http_proxy_unknown_host: { en: 'The host {host} could not be found', 'zh-cn': '找不到主机 {host}' },
  http_proxy_unreachable: { en: 'The server could not reach {host}: {reason}', 'zh-cn': '服务器无法连接 {host}：{reason}' },
  http_proxy_timeout: { en: '{host} did not answer within {seconds} seconds', 'zh-cn': '{host} 在 {seconds} 秒内没有响应' },
  http_proxy_request_too_large: { en: 'The request body is larger than {max} MB', 'zh-cn': '请求体超过 {max} MB' },
  http_proxy_response_too_large: { en: 'The response from {host} is larger than {max} MB', 'zh-cn': '{host} 的响应超过 {max} MB' },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof Messages;
export type MessageParams = Record<string, string | number>;

export function translate(key: MessageKey, language: Language, params: MessageParams = {}): string {
  const template = (Messages[key] ?? Messages.unknown_error)[language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(Messages, value);
}
