import { Messages, translate } from './messages';

describe('Messages', () => {
  it('has every text in English and Chinese', () => {
    for (const [key, texts] of Object.entries(Messages)) {
      expect([key, texts.en.trim().length > 0]).toEqual([key, true]);
      expect([key, texts['zh-cn'].trim().length > 0]).toEqual([key, true]);
    }
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const [key, texts] of Object.entries(Messages)) {
      expect([key, placeholders(texts['zh-cn'])]).toEqual([key, placeholders(texts.en)]);
    }
  });

  it('fills placeholders in the chosen language', () => {
    expect(translate('param_required', 'en', { name: 'username' })).toBe("Parameter 'username' is required");
    expect(translate('param_required', 'zh-cn', { name: 'username' })).toBe('参数 username 不能为空');
    expect(translate('not_logged_in', 'zh-cn')).toBe('你尚未登录');
  });
});
