export const Languages = ['en', 'zh-cn'] as const;
export type Language = (typeof Languages)[number];
