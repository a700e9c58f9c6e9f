/**
 * The judged queries on the corpus of corpus.ts: what a person on the team would type, and the
 * pages (slugs) they would expect in the top 5, judged by reading the pages' text, not by running
 * the engine. `relevant` is every page that answers the query, the best first.
 */
export interface JudgedQuery {
  keyword: string;
  lang: 'zh' | 'en';
  /** What the query exercises: a word mid-sentence, a 2-character word, a stem, an identifier, a phrase, an error code. */
  kind: string;
  relevant: string[];
}

export const JUDGED_QUERIES: JudgedQuery[] = [
  // Chinese
  { keyword: '幂等', lang: 'zh', kind: '2-char word mid-sentence', relevant: ['order-create-zh'] },
  { keyword: '脱敏', lang: 'zh', kind: '2-char word mid-sentence', relevant: ['user-create-zh', 'user-dict'] },
  { keyword: '签名校验', lang: 'zh', kind: 'word mid-sentence', relevant: ['payment-create-zh', 'payment-errors'] },
  { keyword: '物流单号', lang: 'zh', kind: 'word mid-sentence', relevant: ['shipment-create-zh', 'shipment-dict'] },
  { keyword: '库存', lang: 'zh', kind: '2-char word', relevant: ['inventory-create-zh', 'inventory-list-zh', 'inventory-dict', 'inventory-errors', 'inventory-faq'] },
  { keyword: '退款原因', lang: 'zh', kind: 'column meaning', relevant: ['refund-dict', 'refund-create-zh'] },
  { keyword: '优惠券 叠加', lang: 'zh', kind: 'two words', relevant: ['coupon-create-zh'] },
  { keyword: '缓存击穿', lang: 'zh', kind: 'word mid-sentence', relevant: ['redis-cache-breakdown', 'promotion-create-zh'] },
  { keyword: '对账', lang: 'zh', kind: '2-char word inside longer words', relevant: ['settlement-create-zh', 'settlement-errors'] },
  { keyword: '纳税人识别号', lang: 'zh', kind: 'long word', relevant: ['invoice-dict', 'invoice-create-zh', 'invoice-errors'] },
  { keyword: '灰度发布', lang: 'zh', kind: 'title word', relevant: ['gray-release'] },
  { keyword: '分库分表', lang: 'zh', kind: 'title word', relevant: ['sharding'] },
  { keyword: '熔断', lang: 'zh', kind: '2-char word', relevant: ['circuit-breaker'] },
  { keyword: '营业执照', lang: 'zh', kind: 'word mid-sentence', relevant: ['merchant-create-zh', 'merchant-dict'] },
  { keyword: '刷新令牌', lang: 'zh', kind: 'word mid-sentence', relevant: ['auth-create-zh', 'auth-dict'] },
  { keyword: '订单已支付', lang: 'zh', kind: 'error text', relevant: ['order-errors'] },
  { keyword: '短信验证码', lang: 'zh', kind: 'word at sentence start', relevant: ['notification-create-zh'] },
  { keyword: '慢查询', lang: 'zh', kind: '3-char word', relevant: ['mysql-slow-query'] },
  { keyword: '会员等级', lang: 'zh', kind: 'word mid-sentence', relevant: ['member-create-zh', 'member-dict'] },
  { keyword: '导出', lang: 'zh', kind: '2-char word inside longer words', relevant: ['report-create-zh', 'report-dict', 'report-errors'] },
  { keyword: '敏感词', lang: 'zh', kind: '3-char word', relevant: ['review-create-zh', 'review-errors'] },
  { keyword: '时区', lang: 'zh', kind: '2-char word', relevant: ['timezone'] },
  { keyword: '分布式锁', lang: 'zh', kind: 'title word', relevant: ['distributed-lock'] },
  {
    keyword: '收货地址',
    lang: 'zh',
    kind: 'word in titles and text',
    relevant: ['address-create-zh', 'address-list-zh', 'address-dict', 'address-errors', 'address-faq', 'shipment-errors', 'warehouse-create-zh'],
  },
  { keyword: 'OOMKilled 排查', lang: 'zh', kind: 'mixed Chinese and English', relevant: ['k8s-oomkilled'] },
  { keyword: '支付回调', lang: 'zh', kind: 'words run together', relevant: ['payment-create-zh', 'payment-errors'] },
  { keyword: 'SDK 签名', lang: 'zh', kind: 'mixed Chinese and English', relevant: ['sdk-java'] },
  { keyword: '下单', lang: 'zh', kind: '2-char word mid-sentence', relevant: ['order-create-zh', 'inventory-create-zh'] },
  { keyword: '预扣', lang: 'zh', kind: '2-char word mid-sentence', relevant: ['inventory-create-zh'] },
  { keyword: '到账', lang: 'zh', kind: '2-char word mid-sentence', relevant: ['refund-create-zh'] },
  { keyword: '入驻', lang: 'zh', kind: '2-char word mid-sentence', relevant: ['merchant-create-zh'] },
  { keyword: '抽检', lang: 'zh', kind: '2-char word mid-sentence', relevant: ['review-create-zh'] },
  { keyword: '回滚', lang: 'zh', kind: '2-char word mid-sentence', relevant: ['gray-release'] },
  { keyword: '退款到账', lang: 'zh', kind: 'words run together', relevant: ['refund-create-zh'] },
  { keyword: '库存释放', lang: 'zh', kind: 'words run together', relevant: ['inventory-create-zh'] },
  { keyword: '发票邮件', lang: 'zh', kind: 'words run together', relevant: ['invoice-create-zh'] },
  { keyword: '令牌过期', lang: 'zh', kind: 'words run together', relevant: ['auth-create-zh', 'auth-errors'] },
  // English
  {
    keyword: 'order_id',
    lang: 'en',
    kind: 'identifier',
    relevant: ['order-dict', 'order-create-en', 'order-info-en', 'order-create-zh', 'refund-dict', 'shipment-dict'],
  },
  { keyword: 'getUserInfo', lang: 'en', kind: 'camelCase identifier', relevant: ['user-info-en'] },
  { keyword: 'createPayment', lang: 'en', kind: 'camelCase identifier', relevant: ['payment-create-en'] },
  { keyword: 'export invoices', lang: 'en', kind: 'stem', relevant: ['invoice-ops-en'] },
  { keyword: 'retried webhooks', lang: 'en', kind: 'stem', relevant: ['payment-ops-en'] },
  { keyword: '"rate limited"', lang: 'en', kind: 'phrase', relevant: ['promotion-ops-en'] },
  { keyword: '101003', lang: 'en', kind: 'error code', relevant: ['order-errors'] },
  { keyword: 'INVENTORY_LOCK_TIMEOUT', lang: 'en', kind: 'error name', relevant: ['inventory-errors'] },
  { keyword: 'coupon expired', lang: 'en', kind: 'stem', relevant: ['coupon-errors', 'coupon-ops-en', 'coupon-dict'] },
  { keyword: '/api/refund/create', lang: 'en', kind: 'endpoint path', relevant: ['refund-create-en', 'refund-create-zh'] },
  { keyword: 'tracking_no', lang: 'en', kind: 'identifier', relevant: ['shipment-dict', 'shipment-create-en', 'shipment-create-zh', 'shipment-info-en'] },
  { keyword: 'user info', lang: 'en', kind: 'identifier parts', relevant: ['user-info-en'] },
  { keyword: 'argon2', lang: 'en', kind: 'word with digits', relevant: ['user-ops-en'] },
  { keyword: 'consumer lag', lang: 'en', kind: 'two words', relevant: ['kafka-consumer-lag'] },
  { keyword: 'rename column migration', lang: 'en', kind: 'three words', relevant: ['db-migration'] },
  { keyword: 'idempotency key', lang: 'en', kind: 'stem', relevant: ['idempotency'] },
  { keyword: 'token expired', lang: 'en', kind: 'stem', relevant: ['auth-errors'] },
  { keyword: 'restart refund', lang: 'en', kind: 'two words', relevant: ['refund-ops-en'] },
  { keyword: 'settle_date', lang: 'en', kind: 'identifier', relevant: ['settlement-dict', 'settlement-create-en', 'settlement-create-zh', 'settlement-info-en'] },
  { keyword: 'thumbnails', lang: 'en', kind: 'plural', relevant: ['product-ops-en'] },
  { keyword: 'snake_case', lang: 'en', kind: 'identifier', relevant: ['api-conventions'] },
  { keyword: 'getRefundInfo', lang: 'en', kind: 'camelCase identifier', relevant: ['refund-info-en'] },
  { keyword: 'partial refunds', lang: 'en', kind: 'two words', relevant: ['refund-ops-en'] },
  { keyword: 'reconciliation', lang: 'en', kind: 'stem', relevant: ['settlement-errors', 'settlement-ops-en', 'inventory-ops-en'] },
  { keyword: 'Nginx 502', lang: 'en', kind: 'word and number', relevant: ['nginx-502'] },
];
