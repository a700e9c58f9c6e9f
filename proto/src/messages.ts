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
