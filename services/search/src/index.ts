export * from './search.module';
export * from './index/search-index';
export * from './index/search-query';
export * from './index/tokenizer';
