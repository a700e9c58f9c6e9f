import type { AreaLabels } from '../../lib/i18n';

/** Catalog management (SPEC §2 /catalog/{item_id}). */
export const labels: AreaLabels = {
  en: {
    Actions: 'Actions',
    'Added at': 'Added at',
    'Back to the item': 'Back to the item',
    'Catalog management': 'Catalog management',
    'Catalog name': 'Catalog name',
    'Catalogs can be nested 3 levels deep.': 'Catalogs can be nested 3 levels deep.',
    'Confirm to delete the catalog "{{name}}"? It goes to the recycle bin with its sub-catalogs and pages, and can be restored from the item settings.':
      'Confirm to delete the catalog "{{name}}"? It goes to the recycle bin with its sub-catalogs and pages, and can be restored from the item settings.',
    'Edit catalog': 'Edit catalog',
    'Level {{level}}': 'Level {{level}}',
    'New catalog': 'New catalog',
    'None (top level)': 'None (top level)',
    'Parent catalog': 'Parent catalog',
    'Smaller numbers come first (default 99)': 'Smaller numbers come first (default 99)',
    'This item has no catalogs yet.': 'This item has no catalogs yet.',
    'Delete catalog {{name}}': 'Delete catalog {{name}}',
    'Edit catalog {{name}}': 'Edit catalog {{name}}',
  },
  zhCN: {
    Actions: '操作',
    'Added at': '添加时间',
    'Back to the item': '返回项目',
    'Catalog management': '目录管理',
    'Catalog name': '目录名称',
    'Catalogs can be nested 3 levels deep.': '目录最多可以嵌套三级。',
    'Confirm to delete the catalog "{{name}}"? It goes to the recycle bin with its sub-catalogs and pages, and can be restored from the item settings.':
      '确认删除目录“{{name}}”吗？它将连同子目录和页面一起移入回收站，之后可在项目设置中恢复。',
    'Edit catalog': '编辑目录',
    'Level {{level}}': '第 {{level}} 级',
    'New catalog': '新建目录',
    'None (top level)': '无（顶级目录）',
    'Parent catalog': '上级目录',
    'Smaller numbers come first (default 99)': '数字越小越靠前（默认 99）',
    'This item has no catalogs yet.': '该项目还没有目录。',
    'Delete catalog {{name}}': '删除目录 {{name}}',
    'Edit catalog {{name}}': '编辑目录 {{name}}',
  },
};
