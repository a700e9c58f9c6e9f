/**
 * The editor's built-in texts (SPEC §2): the welcome text of a new page and the API and database
 * documentation templates, in English and in Chinese. They are page content, not labels: the UI
 * language picks one version.
 */
export type TemplateLanguage = 'en' | 'zh-CN';

interface Localized {
  en: string;
  'zh-CN': string;
}

const WELCOME: Localized = {
  en: [
    'Welcome to Quire!',
    '',
    'Write this page in Markdown: the preview on the right shows the result as you type.',
    '',
    '- Insert the API or database template from the toolbar to start from a ready-made structure.',
    '- Paste a screenshot to upload it into the page.',
    '- Press Ctrl+S (Cmd+S on a Mac) to save.',
  ].join('\n'),
  'zh-CN': [
    '欢迎使用 Quire！',
    '',
    '用 Markdown 编写本页面，右侧的预览会随输入实时显示效果。',
    '',
    '- 可以从工具栏插入 API 接口模板或数据字典模板，在现成的结构上开始编写。',
    '- 直接粘贴截图即可上传到页面中。',
    '- 按 Ctrl+S（Mac 上为 Cmd+S）保存。',
  ].join('\n'),
};

const API_DOC: Localized = {
  en: `**Summary:**

- User registration

**Request URL:**
- \`http://example.com/api/user/register\`

**Method:**
- POST

**Parameters:**

|Parameter|Required|Type|Description|
|:----    |:---|:----- |-----   |
|username |yes |string |User name |
|password |yes |string |Password |
|name     |no  |string |Nickname |

**Example response**

\`\`\`
{
  "error_code": 0,
  "data": {
    "uid": "1",
    "username": "alice",
    "name": "Alice",
    "groupid": 2,
    "reg_time": "1436864169",
    "last_login_time": "0"
  }
}
\`\`\`

**Response fields**

|Field|Type|Description|
|:-----  |:-----|-----                           |
|groupid |int   |User group: 1 administrator, 2 ordinary user |

**Remarks**

- See the home page for the list of error codes.
`,
  'zh-CN': `**简要描述：**

- 用户注册接口

**请求 URL：**
- \`http://example.com/api/user/register\`

**请求方式：**
- POST

**参数：**

|参数名|必选|类型|说明|
|:----    |:---|:----- |-----   |
|username |是  |string |用户名 |
|password |是  |string |密码 |
|name     |否  |string |昵称 |

**返回示例**

\`\`\`
{
  "error_code": 0,
  "data": {
    "uid": "1",
    "username": "zhangsan",
    "name": "张三",
    "groupid": 2,
    "reg_time": "1436864169",
    "last_login_time": "0"
  }
}
\`\`\`

**返回参数说明**

|参数名|类型|说明|
|:-----  |:-----|-----                           |
|groupid |int   |用户组 id，1：超级管理员；2：普通用户 |

**备注**

- 更多返回错误代码请看首页的错误代码描述
`,
};

const DATABASE_DOC: Localized = {
  en: `- user: the users of the site

|Column|Type|Null|Default|Comment|
|:----    |:-------    |:--- |---|------      |
|uid      |int(10)     |no  |   |User id |
|username |varchar(20) |no  |   |User name |
|password |varchar(50) |no  |   |Password hash |
|name     |varchar(15) |yes |   |Nickname |
|reg_time |int(11)     |no  |0  |Registration time |

- Remarks: none
`,
  'zh-CN': `- 用户表，储存用户信息

|字段|类型|空|默认|注释|
|:----    |:-------    |:--- |---|------      |
|uid      |int(10)     |否 |   |用户 id |
|username |varchar(20) |否 |   |用户名 |
|password |varchar(50) |否 |   |密码 |
|name     |varchar(15) |是 |   |昵称 |
|reg_time |int(11)     |否 |0  |注册时间 |

- 备注：无
`,
};

function pick(text: Localized, language: string): string {
  return language.toLowerCase().startsWith('zh') ? text['zh-CN'] : text.en;
}

export const welcomeText = (language: string) => pick(WELCOME, language);
export const apiDocTemplate = (language: string) => pick(API_DOC, language);
export const databaseDocTemplate = (language: string) => pick(DATABASE_DOC, language);
