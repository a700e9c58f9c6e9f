import { bigrams, cjkWords, identifierParts, textStreams, textTokens, wordTokens } from './tokenizer';

describe('tokenizer', () => {
  it('cuts a Chinese sentence into words, so a word in the middle is a token of its own', () => {
    expect(textTokens('创建订单接口说明')).toEqual(['创建', '订单', '接口', '说明']);
  });

  it('knows the words IT pages use (ICU cuts 回调 and 商户 into single characters)', () => {
    expect(cjkWords('支付回调')).toEqual(['支付', '回调']);
    expect(cjkWords('商户入驻')).toEqual(['商户', '入驻']);
  });

  it('keeps code identifiers whole and by their parts', () => {
    expect(wordTokens('order_id')).toEqual(['orderid', 'order', 'id']);
    expect(wordTokens('getUserInfo')).toEqual(['getuserinfo', 'get', 'user', 'info']);
    expect(wordTokens('XMLHttpRequest')).toEqual(['xmlhttprequest', 'xml', 'http', 'request']);
    expect(wordTokens('Exported')).toEqual(['exported']);
    expect(identifierParts('__init__')).toEqual([{ text: 'init', start: 2 }]);
  });

  it('separates CJK runs from the Latin words around them', () => {
    expect(textTokens('创建订单getUserInfo接口说明')).toEqual(['创建', '订单', 'getuserinfo', 'get', 'user', 'info', '接口', '说明']);
  });

  it('makes bigrams of CJK runs only, whole characters (outside the basic plane too)', () => {
    expect(textStreams('订单 API 接口说明')).toEqual({ words: ['订单', 'api', '接口', '说明'], grams: ['订单', '接口', '口说', '说明'] });
    expect(bigrams('𠀀字')).toEqual(['𠀀字']);
    expect(bigrams('单')).toEqual(['单']);
  });
});
