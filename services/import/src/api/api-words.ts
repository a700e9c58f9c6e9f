import type { Language } from '@quire/proto';

/**
 * The words of a generated page, in the site's language: the headings of Quire's API-doc template (the one the
 * editor inserts) and the markers the tables use.
 */
export interface ApiWords {
  summary: string;
  url: string;
  method: string;
  parameters: string;
  requestBody: string;
  requestExample: string;
  responses: string;
  responseExample: string;
  responseFields: string;
  responseHeaders: string;
  security: string;
  deprecatedNotice: string;
  noSecurity: string;
  remarks: string;
  /** Table headings. */
  parameterColumns: [string, string, string, string, string];
  fieldColumns: [string, string, string, string];
  responseColumns: [string, string, string];
  yes: string;
  no: string;
  /** The name of a body that is no object (a string, an array of numbers …). */
  body: string;
  deprecated: string;
  noDescription: string;
  seeAbove: (name: string) => string;
  combinator: (kind: 'allOf' | 'oneOf' | 'anyOf', names: string[]) => string;
  option: (kind: 'oneOf' | 'anyOf', index: number, name: string) => string;
  enumValues: (values: string) => string;
  defaultValue: (value: string) => string;
  alsoAs: (types: string) => string;
  exampleValue: (value: string) => string;
}

const EN: ApiWords = {
  summary: '**Summary:**',
  url: '**Request URL:**',
  method: '**Method:**',
  parameters: '**Parameters:**',
  requestBody: '**Request body:**',
  requestExample: '**Example request**',
  responses: '**Responses**',
  responseExample: '**Example response**',
  responseFields: '**Response fields**',
  responseHeaders: '**Response headers**',
  security: '**Security:**',
  deprecatedNotice: '> **Deprecated:** this operation should no longer be used.',
  noSecurity: 'None',
  remarks: '**Remarks**',
  parameterColumns: ['Parameter', 'In', 'Required', 'Type', 'Description'],
  fieldColumns: ['Field', 'Required', 'Type', 'Description'],
  responseColumns: ['Field', 'Type', 'Description'],
  yes: 'yes',
  no: 'no',
  body: '(body)',
  deprecated: 'Deprecated.',
  noDescription: '',
  seeAbove: (name) => `(circular: ${name}, see above)`,
  combinator: (kind, names) => `${{ allOf: 'All of', oneOf: 'One of', anyOf: 'Any of' }[kind]}: ${names.join(', ')}`,
  option: (kind, index, name) => `${kind} option ${index}: ${name}`,
  enumValues: (values) => `Enum: ${values}.`,
  defaultValue: (value) => `Default: ${value}.`,
  alsoAs: (types) => `Also accepted as: ${types}`,
  exampleValue: (value) => `Example: \`${value}\``,
};

const ZH: ApiWords = {
  summary: '**简要描述：**',
  url: '**请求 URL：**',
  method: '**请求方式：**',
  parameters: '**参数：**',
  requestBody: '**请求体：**',
  requestExample: '**请求示例**',
  responses: '**返回**',
  responseExample: '**返回示例**',
  responseFields: '**返回参数说明**',
  responseHeaders: '**返回头**',
  security: '**认证：**',
  deprecatedNotice: '> **已废弃：** 不应再使用此接口。',
  noSecurity: '无',
  remarks: '**备注**',
  parameterColumns: ['参数名', '位置', '必选', '类型', '说明'],
  fieldColumns: ['参数名', '必选', '类型', '说明'],
  responseColumns: ['参数名', '类型', '说明'],
  yes: '是',
  no: '否',
  body: '（请求体）',
  deprecated: '已废弃。',
  noDescription: '',
  seeAbove: (name) => `（循环引用 ${name}，见上文）`,
  combinator: (kind, names) => `${{ allOf: '全部满足（allOf）', oneOf: '满足其一（oneOf）', anyOf: '满足任意（anyOf）' }[kind]}：${names.join('、')}`,
  option: (kind, index, name) => `${kind} 选项 ${index}：${name}`,
  enumValues: (values) => `枚举：${values}。`,
  defaultValue: (value) => `默认：${value}。`,
  alsoAs: (types) => `也可以是：${types}`,
  exampleValue: (value) => `示例：\`${value}\``,
};

export function apiWords(language: Language): ApiWords {
  return language === 'zh-cn' ? ZH : EN;
}
