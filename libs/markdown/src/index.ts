export type * from 'mdast';
export * from './markdown-parser';
export * from './markdown-text';
