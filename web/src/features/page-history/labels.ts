import type { AreaLabels } from '../../lib/i18n';

/** The diff screen (SPEC §2 /page/diff/{page_id}/{page_history_id}). */
export const labels: AreaLabels = {
  en: {
    'Added: only in the current content': 'Added: only in the current content',
    'Back to the page': 'Back to the page',
    'Changed: the line differs between the two versions': 'Changed: the line differs between the two versions',
    'Compare versions': 'Compare versions',
    'Current content, saved {{time}} by {{author}}': 'Current content, saved {{time}} by {{author}}',
    'Differences between the two versions': 'Differences between the two versions',
    'History version of {{time}} by {{author}}': 'History version of {{time}} by {{author}}',
    Legend: 'Legend',
    'No differences: this version is the same as the current content.': 'No differences: this version is the same as the current content.',
    'Removed: only in the history version': 'Removed: only in the history version',
    'Show {{lines}} unchanged lines': 'Show {{lines}} unchanged lines',
    'This version could not be found.': 'This version could not be found.',
    '{{changed}} changed, {{removed}} removed, {{added}} added lines': '{{changed}} changed, {{removed}} removed, {{added}} added lines',
  },
  zhCN: {
    'Added: only in the current content': '新增：只在当前内容中',
    'Back to the page': '返回页面',
    'Changed: the line differs between the two versions': '修改：两个版本中这一行不同',
    'Compare versions': '版本对比',
    'Current content, saved {{time}} by {{author}}': '当前内容，{{author}} 保存于 {{time}}',
    'Differences between the two versions': '两个版本之间的差异',
    'History version of {{time}} by {{author}}': '历史版本：{{author}} 保存于 {{time}}',
    Legend: '图例',
    'No differences: this version is the same as the current content.': '没有差异：该版本与当前内容相同。',
    'Removed: only in the history version': '删除：只在历史版本中',
    'Show {{lines}} unchanged lines': '显示 {{lines}} 行未改动的内容',
    'This version could not be found.': '找不到这个版本。',
    '{{changed}} changed, {{removed}} removed, {{added}} added lines': '修改 {{changed}} 行，删除 {{removed}} 行，新增 {{added}} 行',
  },
};
