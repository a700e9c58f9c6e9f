import { acceptedLanguage } from './request-language';

describe(acceptedLanguage.name, () => {
  it.each([
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-cn'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR, zh-Hans;q=0.5, en;q=0.3', 'zh-cn'],
    ['fr-FR, zh;q=0, en;q=0.3', 'en'],
    ['zh_TW', 'zh-cn'],
    ['fr-FR, de', undefined],
    ['*', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('reads %p as %p', (header, language) => {
    expect(acceptedLanguage(header)).toBe(language);
  });
});
