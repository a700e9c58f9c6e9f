/**
 * The judged corpus (issue 15, quality): the documentation an IT team keeps for a shop's back end,
 * made from templates, the same on every run. Each of 20 business objects has 8 pages: API pages in
 * English and in Chinese, a data dictionary, error codes, an operations manual and a FAQ, with the
 * mixed Chinese and English such teams write; 20 pages on topics of their own follow. More than half
 * of the pages are Chinese. Every page has a stable slug that the judged queries name.
 */

/** A business object and the facts its pages are written from. */
interface Entity {
  key: string;
  en: string;
  zh: string;
  /** Columns beyond the id, user_id, status and times: name, type, Chinese meaning. */
  columns: [string, string, string][];
  /** An error of its own: code name, Chinese text, English text. */
  error: [string, string, string];
  /** A sentence of the Chinese create API page that no other page has. */
  zhNote: string;
  /** A sentence of the operations manual that no other page has. */
  enNote: string;
}

const ENTITIES: Entity[] = [
  {
    key: 'order',
    en: 'Order',
    zh: '订单',
    columns: [
      ['total_amount', 'decimal(12,2)', '订单总金额'],
      ['pay_deadline', 'datetime', '支付截止时间'],
    ],
    error: ['ORDER_ALREADY_PAID', '订单已支付，不能重复提交', 'the order is already paid'],
    zhNote: '下单接口必须保证幂等，客户端重试时携带同一个请求号即可。',
    enNote: 'Unpaid orders are cancelled by the sweeper after 30 minutes.',
  },
  {
    key: 'user',
    en: 'User',
    zh: '用户',
    columns: [
      ['mobile', 'varchar(20)', '手机号，展示时需脱敏'],
      ['nickname', 'varchar(64)', '昵称'],
    ],
    error: ['USER_LOCKED', '用户连续登录失败已被锁定', 'the user is locked after failed logins'],
    zhNote: '手机号在列表和详情中都需脱敏展示，只保留后四位。',
    enNote: 'Passwords are hashed with argon2id; a reset link expires after 15 minutes.',
  },
  {
    key: 'payment',
    en: 'Payment',
    zh: '支付',
    columns: [
      ['channel', 'varchar(16)', '支付渠道：alipay、wechat、card'],
      ['trade_no', 'varchar(64)', '第三方交易流水号'],
    ],
    error: ['PAYMENT_SIGNATURE_INVALID', '回调签名校验失败', 'the callback signature is invalid'],
    zhNote: '支付结果以异步回调为准，回调地址必须使用HTTPS，并进行签名校验。',
    enNote: 'Webhooks that fail are retried with exponential backoff for 24 hours.',
  },
  {
    key: 'refund',
    en: 'Refund',
    zh: '退款',
    columns: [
      ['order_id', 'bigint', '关联订单ID'],
      ['refund_reason', 'varchar(255)', '退款原因'],
    ],
    error: ['REFUND_EXCEEDS_AMOUNT', '退款金额超过可退金额', 'the refund exceeds the refundable amount'],
    zhNote: '退款成功后款项原路返回，到账时间以银行处理为准。',
    enNote: 'Partial refunds are allowed until the refundable amount reaches zero.',
  },
  {
    key: 'inventory',
    en: 'Inventory',
    zh: '库存',
    columns: [
      ['sku_id', 'bigint', '商品SKU ID'],
      ['locked_quantity', 'int', '已锁定数量'],
    ],
    error: ['INVENTORY_LOCK_TIMEOUT', '库存锁定超时，请稍后重试', 'locking the stock timed out'],
    zhNote: '用户下单时先预扣库存，支付超时后由定时任务释放。',
    enNote: 'Stock counts are reconciled against the warehouse system every hour.',
  },
  {
    key: 'shipment',
    en: 'Shipment',
    zh: '发货',
    columns: [
      ['order_id', 'bigint', '关联订单ID'],
      ['tracking_no', 'varchar(64)', '物流单号'],
    ],
    error: ['SHIPMENT_ADDRESS_INVALID', '收货地址不完整', 'the delivery address is incomplete'],
    zhNote: '仓库发货后需在两小时内回填物流单号，否则订单会被标记为异常。',
    enNote: 'Carriers push tracking events to the shipment webhook; late events are merged by time.',
  },
  {
    key: 'coupon',
    en: 'Coupon',
    zh: '优惠券',
    columns: [
      ['discount_amount', 'decimal(10,2)', '优惠金额'],
      ['expire_at', 'datetime', '过期时间'],
    ],
    error: ['COUPON_EXPIRED', '优惠券已过期', 'the coupon has expired'],
    zhNote: '优惠券不可与满减活动叠加使用，每笔订单最多使用一张。',
    enNote: 'Expired coupons are archived on the first day of each month.',
  },
  {
    key: 'invoice',
    en: 'Invoice',
    zh: '发票',
    columns: [
      ['tax_no', 'varchar(32)', '纳税人识别号'],
      ['invoice_title', 'varchar(128)', '发票抬头'],
    ],
    error: ['INVOICE_TAX_NO_INVALID', '纳税人识别号格式错误', 'the taxpayer number is malformed'],
    zhNote: '电子发票开具成功后通过邮件发送给用户，纸质发票需人工寄出。',
    enNote: 'Every night the issued invoices are exported to the finance archive as PDF files.',
  },
  {
    key: 'product',
    en: 'Product',
    zh: '商品',
    columns: [
      ['sku_code', 'varchar(32)', 'SKU编码'],
      ['category_id', 'bigint', '类目ID'],
    ],
    error: ['PRODUCT_OFF_SHELF', '商品已下架', 'the product is off the shelf'],
    zhNote: '商品上架前必须通过内容审核，违规图片会被自动拦截。',
    enNote: 'Product images are resized by the media worker into three thumbnails.',
  },
  {
    key: 'cart',
    en: 'Cart',
    zh: '购物车',
    columns: [
      ['sku_id', 'bigint', '商品SKU ID'],
      ['quantity', 'int', '数量'],
    ],
    error: ['CART_FULL', '购物车商品数量已达上限', 'the cart is full'],
    zhNote: '未登录用户的购物车保存在本地，登录后与服务端合并。',
    enNote: 'Carts untouched for 90 days are purged by a nightly job.',
  },
  {
    key: 'member',
    en: 'Member',
    zh: '会员',
    columns: [
      ['level', 'tinyint', '会员等级'],
      ['points', 'int', '积分余额'],
    ],
    error: ['MEMBER_POINTS_NOT_ENOUGH', '积分不足', 'not enough points'],
    zhNote: '会员等级按近十二个月的消费金额每日重新计算。',
    enNote: 'Points earned are credited seven days after the order is received.',
  },
  {
    key: 'address',
    en: 'Address',
    zh: '收货地址',
    columns: [
      ['province', 'varchar(32)', '省份'],
      ['detail', 'varchar(255)', '详细地址'],
    ],
    error: ['ADDRESS_LIMIT_REACHED', '收货地址数量已达上限', 'too many addresses'],
    zhNote: '每个用户最多保存二十个收货地址，默认地址只能有一个。',
    enNote: 'Addresses are validated against the national region codes on save.',
  },
  {
    key: 'review',
    en: 'Review',
    zh: '评价',
    columns: [
      ['rating', 'tinyint', '评分，1到5'],
      ['content', 'text', '评价内容'],
    ],
    error: ['REVIEW_SENSITIVE_WORDS', '评价内容包含敏感词', 'the review has blocked words'],
    zhNote: '评价内容提交后先经过敏感词过滤，再进入人工抽检。',
    enNote: 'Reviews with photos are ranked above text-only reviews.',
  },
  {
    key: 'notification',
    en: 'Notification',
    zh: '消息通知',
    columns: [
      ['template_code', 'varchar(64)', '模板编码'],
      ['send_at', 'datetime', '发送时间'],
    ],
    error: ['NOTIFICATION_QUOTA_EXCEEDED', '短信发送额度已用完', 'the SMS quota is used up'],
    zhNote: '短信验证码五分钟内有效，同一手机号每分钟最多发送一次。',
    enNote: 'Push notifications are batched and sent through the provider every ten seconds.',
  },
  {
    key: 'settlement',
    en: 'Settlement',
    zh: '结算',
    columns: [
      ['merchant_id', 'bigint', '商户ID'],
      ['settle_date', 'date', '结算日期'],
    ],
    error: ['SETTLEMENT_RECONCILE_MISMATCH', '对账金额不一致', 'the reconciliation does not match'],
    zhNote: '每日凌晨生成对账单，与支付渠道账单逐笔核对。',
    enNote: 'Merchants are paid out on T+1 once the reconciliation has passed.',
  },
  {
    key: 'merchant',
    en: 'Merchant',
    zh: '商户',
    columns: [
      ['license_no', 'varchar(64)', '营业执照号'],
      ['contact_mobile', 'varchar(20)', '联系人手机号'],
    ],
    error: ['MERCHANT_NOT_VERIFIED', '商户未完成实名认证', 'the merchant is not verified'],
    zhNote: '商户入驻需上传营业执照，并完成对公账户打款验证。',
    enNote: 'Merchant onboarding waits for the bank account check before it is approved.',
  },
  {
    key: 'auth',
    en: 'Auth',
    zh: '登录鉴权',
    columns: [
      ['access_token', 'varchar(512)', '访问令牌'],
      ['refresh_token', 'varchar(512)', '刷新令牌'],
    ],
    error: ['AUTH_TOKEN_EXPIRED', '访问令牌已过期', 'the access token has expired'],
    zhNote: '访问令牌有效期两小时，过期后使用刷新令牌换取新的令牌。',
    enNote: 'Tokens are signed with RS256; the public keys rotate every 30 days.',
  },
  {
    key: 'report',
    en: 'Report',
    zh: '报表',
    columns: [
      ['report_type', 'varchar(32)', '报表类型'],
      ['file_url', 'varchar(255)', '导出文件地址'],
    ],
    error: ['REPORT_EXPORT_TOO_LARGE', '导出数据超过十万行', 'the export is over 100,000 rows'],
    zhNote: '报表导出为异步任务，生成完成后在下载中心获取文件。',
    enNote: 'Large exports are split into files of 100,000 rows and zipped.',
  },
  {
    key: 'promotion',
    en: 'Promotion',
    zh: '营销活动',
    columns: [
      ['start_at', 'datetime', '活动开始时间'],
      ['rule_json', 'json', '活动规则'],
    ],
    error: ['PROMOTION_NOT_STARTED', '活动尚未开始', 'the promotion has not started'],
    zhNote: '秒杀活动开始前十分钟预热缓存，防止缓存击穿。',
    enNote: 'Flash sales are rate limited at the gateway to 500 requests per second per user.',
  },
  {
    key: 'warehouse',
    en: 'Warehouse',
    zh: '仓库',
    columns: [
      ['region_code', 'varchar(16)', '区域编码'],
      ['capacity', 'int', '库容'],
    ],
    error: ['WAREHOUSE_CLOSED', '仓库暂停作业', 'the warehouse is closed'],
    zhNote: '就近分仓规则按收货地址所在区域选择发货仓库。',
    enNote: 'Warehouses report their capacity to the planner every morning.',
  },
];

/** Pages on topics of their own: ops notes, conventions, troubleshooting, as teams write them. */
const STANDALONE: [slug: string, title: string, content: string][] = [
  ['redis-cache-breakdown', 'Redis 缓存击穿与雪崩处理', '热点 key 过期的瞬间大量请求打到数据库，称为缓存击穿。处理方式：互斥锁重建缓存、逻辑过期；过期时间加随机值避免缓存雪崩。'],
  ['mysql-slow-query', 'MySQL 慢查询排查', '开启 slow_query_log，long_query_time 设为 1 秒。用 EXPLAIN 查看执行计划，关注 type 为 ALL 的全表扫描，必要时增加联合索引。'],
  ['nginx-502', 'Nginx 502 Bad Gateway 排查', '502 表示上游服务无响应：检查 upstream 是否存活、proxy_read_timeout 是否过短、后端连接池是否耗尽。'],
  ['gray-release', '灰度发布手册', '新版本先发布到 5% 的流量，观察错误率和延迟十五分钟后再逐步放量；出现异常时一键回滚到上一版本。'],
  ['sharding', '分库分表方案', '订单表按 user_id 取模分为 64 张表，跨分片查询走 Elasticsearch 宽表。分片键一经确定不可更改。'],
  [
    'api-conventions',
    'API design conventions',
    'All endpoints return { code, message, data }. Use snake_case for JSON fields, plural nouns for collections, and cursor pagination for lists longer than 1,000 rows.',
  ],
  ['error-code-rules', '错误码规范', '错误码为六位数字：前两位表示服务，中间两位表示模块，后两位为序号。客户端只根据错误码判断，不解析 message 文本。'],
  ['oauth2-flow', 'OAuth2 授权码模式接入', '第三方应用先跳转到授权页获取 code，再用 code 和 client_secret 换取 access_token。redirect_uri 必须与登记的一致。'],
  [
    'kafka-consumer-lag',
    'Kafka consumer lag troubleshooting',
    'When consumer lag grows, check for rebalances in the logs, raise max.poll.records carefully, and make sure processing is idempotent before adding partitions.',
  ],
  ['k8s-oomkilled', 'Pod OOMKilled 排查', '容器被 OOMKilled 说明内存超过 limits。先看 JVM 堆设置是否超过容器内存，再用 kubectl top pod 观察内存曲线。'],
  ['log-conventions', 'Logging conventions', 'Log one line per request with the trace_id, user_id and latency. Never log tokens, passwords or full card numbers; mask mobile numbers.'],
  ['distributed-lock', '分布式锁使用说明', '基于 Redis 的 SET NX PX 实现分布式锁，释放时用 Lua 脚本比较持有者。锁超时时间应大于业务最长执行时间。'],
  ['circuit-breaker', '服务熔断与降级', '下游错误率超过 50% 时熔断器打开，十秒后半开试探。降级返回缓存数据或默认值，并记录告警。'],
  ['db-migration', 'Database migration guide', 'Migrations run with Flyway on deploy. Never rename a column in one step: add the new column, backfill, switch reads, then drop the old one.'],
  ['onboarding', '新人入职指南', '第一周完成开发环境搭建：申请 GitLab 权限、配置 VPN、拉取代码仓库并跑通本地单元测试。'],
  ['code-review', 'Code review checklist', 'Check naming, error handling, tests for the changed behaviour, and that no secret is committed. Approve only what you understood.'],
  ['timezone', '时区与时间格式约定', '接口中的时间统一使用 Unix 时间戳（秒），数据库存储 UTC，前端按用户所在时区展示。'],
  ['idempotency', 'Idempotency keys', 'Clients send an Idempotency-Key header on POST requests; the server stores the first response for 24 hours and replays it for retries.'],
  ['alerting', '监控告警配置', 'Prometheus 采集接口 QPS、P99 延迟和错误率；P99 超过 500ms 持续五分钟触发告警，通知值班人员。'],
  ['sdk-java', 'Java SDK 使用说明', '引入 quire-sdk 依赖后，通过 ApiClient.builder() 配置 appKey 和 appSecret，所有请求自动签名。'],
];

/** A page of the judged corpus; `id` is its page_id in the index. */
export interface JudgedPage {
  id: number;
  slug: string;
  title: string;
  content: string;
  /** Its catalog (one level). */
  catalog: string;
}

const upper = (text: string) => text.toUpperCase();

/** The six-digit error codes of an entity: 10 + its number + a sequence. */
function errorCodes(entity: Entity, index: number): [number, string, string, string][] {
  const base = 100000 + (index + 10) * 100;
  return [
    [base + 1, `${upper(entity.key)}_NOT_FOUND`, `${entity.zh}不存在`, `the ${entity.key} does not exist`],
    [base + 2, `${upper(entity.key)}_STATUS_INVALID`, `${entity.zh}状态不允许此操作`, `the ${entity.key} status does not allow this`],
    [base + 3, ...entity.error],
  ];
}

function entityPages(entity: Entity, index: number): Omit<JudgedPage, 'id'>[] {
  const { key, en, zh } = entity;
  const id = `${key}_id`;
  const columns: [string, string, string][] = [
    [id, 'bigint', `${zh}ID，主键`],
    ['user_id', 'bigint', '用户ID'],
    ...entity.columns,
    ['status', 'tinyint', '状态：0 待处理，1 已完成，2 已取消'],
    ['created_at', 'datetime', '创建时间'],
    ['updated_at', 'datetime', '更新时间'],
  ];
  const codes = errorCodes(entity, index);
  const params = entity.columns.map(([name, , meaning]) => `- ${name}：${meaning}`).join('\n');
  return [
    {
      slug: `${key}-create-en`,
      title: `Create ${en} API`,
      catalog: 'API',
      content: `POST /api/${key}/create\n\nCreates a ${key} for the signed-in user and returns its ${id}. Parameters: user_id (required), ${entity.columns.map(([name]) => name).join(', ')}. SDK: create${en}(request). On failure the response carries one of the ${en} error codes.`,
    },
    {
      slug: `${key}-info-en`,
      title: `get${en}Info`,
      catalog: 'API',
      content: `GET /api/${key}/info?${id}=123\n\nReturns one ${key} by ${id}. The SDK method get${en}Info(${id}) caches the answer for 60 seconds. Fields: ${columns.map(([name]) => name).join(', ')}.`,
    },
    {
      slug: `${key}-create-zh`,
      title: `创建${zh}接口`,
      catalog: '接口文档',
      content: `接口地址：POST /api/${key}/create\n\n本接口用于创建${zh}，调用前需先完成登录鉴权。${entity.zhNote}\n\n请求参数：\n- user_id：用户ID（必填）\n${params}\n\n返回值：data.${id}。失败时返回${zh}服务错误码。`,
    },
    {
      slug: `${key}-list-zh`,
      title: `${zh}列表查询`,
      catalog: '接口文档',
      content: `接口地址：GET /api/${key}/list\n\n分页查询当前用户的${zh}列表，支持按 status 筛选，按 created_at 倒序排列。参数 page 从 1 开始，page_size 最大 100。`,
    },
    {
      slug: `${key}-dict`,
      title: `${zh}表 t_${key} 数据字典`,
      catalog: '数据字典',
      content: `表名：t_${key}（${zh}表），引擎 InnoDB，字符集 utf8mb4。\n\n| 字段 | 类型 | 说明 |\n| --- | --- | --- |\n${columns.map(([name, type, meaning]) => `| ${name} | ${type} | ${meaning} |`).join('\n')}\n\n索引：PRIMARY KEY (${id})，KEY idx_user (user_id)。`,
    },
    {
      slug: `${key}-errors`,
      title: `${zh}服务错误码`,
      catalog: '错误码',
      content: `${en} service error codes（${zh}服务错误码）。\n\n| 错误码 | 名称 | 说明 | Description |\n| --- | --- | --- | --- |\n${codes.map(([code, name, zhText, enText]) => `| ${code} | ${name} | ${zhText} | ${enText} |`).join('\n')}`,
    },
    {
      slug: `${key}-ops-en`,
      title: `${en} service operations manual`,
      catalog: 'Operations',
      content: `The ${key} service runs as three replicas behind the gateway. ${entity.enNote} Logs are written to /var/log/${key}-service/. To restart: kubectl rollout restart deployment/${key}-service. Health check: GET /health.`,
    },
    {
      slug: `${key}-faq`,
      title: `${en} FAQ 常见问题`,
      catalog: 'FAQ',
      content: `Q: ${en} API 返回超时怎么办？\nA: 先确认网关日志中的 trace_id，再查看 ${key}-service 的慢日志。\n\nQ: 为什么查不到刚创建的${zh}？\nA: 列表接口读从库，主从延迟通常在一秒以内。`,
    },
  ];
}

/** The corpus, in a fixed order: ids 1… are the page_ids. */
export function judgedCorpus(): JudgedPage[] {
  const pages = [...ENTITIES.flatMap((entity, i) => entityPages(entity, i)), ...STANDALONE.map(([slug, title, content]) => ({ slug, title, content, catalog: '技术文章' }))];
  return pages.map((page, i) => ({ id: i + 1, ...page }));
}
