/**
 * The offline site's own script and stylesheet (assets/site.js, assets/site.css). The script runs from
 * `file://` without a server: the menu and the search index come from `assets/site-data.js`, a plain
 * script setting `window.QUIRE_SITE`; the search matches every word of the query as a substring of a
 * page's title and text (lower-cased), which works for Chinese as for English.
 */
export const SITE_SCRIPT = `(function () {
  'use strict';
  var site = window.QUIRE_SITE;
  if (!site) return;
  var root = document.body.getAttribute('data-root') || '';
  var current = document.body.getAttribute('data-page') || '';
  var menu = document.getElementById('site-menu');
  if (menu) {
    site.menu.forEach(function (entry) {
      var line;
      if (entry.kind === 'page') {
        line = document.createElement('a');
        line.href = root + 'pages/' + entry.anchor + '.html';
        if (entry.anchor === current) line.setAttribute('aria-current', 'page');
      } else {
        line = document.createElement('div');
        line.className = 'site-menu-catalog';
      }
      line.textContent = entry.heading;
      line.style.paddingLeft = 8 + (entry.level - 1) * 16 + 'px';
      menu.appendChild(line);
    });
  }
  var input = document.getElementById('site-search');
  var results = document.getElementById('site-results');
  if (!input || !results) return;
  var lower = site.search.map(function (page) { return (page.t + '\\n' + page.x).toLowerCase(); });
  function snippet(text, term) {
    var at = text.toLowerCase().indexOf(term);
    if (at < 0) return text.slice(0, 120);
    var start = Math.max(0, at - 40);
    return (start > 0 ? '…' : '') + text.slice(start, at + term.length + 80) + '…';
  }
  function search() {
    var query = input.value.toLowerCase().trim();
    results.textContent = '';
    if (!query) { results.hidden = true; return; }
    var terms = query.split(/\\s+/);
    var shown = 0;
    for (var i = 0; i < site.search.length && shown < 50; i++) {
      var hay = lower[i];
      if (!terms.every(function (term) { return hay.indexOf(term) >= 0; })) continue;
      var page = site.search[i];
      var link = document.createElement('a');
      link.href = root + 'pages/' + page.a + '.html';
      var title = document.createElement('strong');
      title.textContent = page.t;
      var text = document.createElement('span');
      text.textContent = snippet(page.x, terms[0]);
      link.appendChild(title);
      link.appendChild(text);
      results.appendChild(link);
      shown++;
    }
    if (shown === 0) {
      var none = document.createElement('p');
      none.textContent = site.texts.noResults;
      results.appendChild(none);
    }
    results.hidden = false;
  }
  input.addEventListener('input', search);
  input.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') { input.value = ''; search(); }
  });
})();
`;

export const SITE_STYLES = `
body { margin: 0; }
.site-header { position: sticky; top: 0; z-index: 2; display: flex; gap: 16px; align-items: center; padding: 10px 20px;
  background: var(--colorNeutralBackground1); border-bottom: 1px solid var(--colorNeutralStroke2); }
.site-name { font-size: 18px; font-weight: 600; color: var(--colorNeutralForeground1); text-decoration: none; flex: 1; min-width: 0;
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.site-search { position: relative; }
.site-search input { width: 260px; max-width: 48vw; padding: 6px 10px; font: inherit; border: 1px solid var(--colorNeutralStroke1);
  border-radius: 4px; background: var(--colorNeutralBackground1); color: var(--colorNeutralForeground1); }
#site-results { position: absolute; right: 0; top: 40px; width: min(480px, 92vw); max-height: 70vh; overflow: auto; padding: 4px 0;
  background: var(--colorNeutralBackground1); border: 1px solid var(--colorNeutralStroke1); border-radius: 6px; box-shadow: 0 8px 24px rgba(0,0,0,.14); }
#site-results a { display: block; padding: 8px 14px; color: var(--colorNeutralForeground1); text-decoration: none; }
#site-results a:hover, #site-results a:focus { background: var(--colorNeutralBackground2); }
#site-results strong { display: block; }
#site-results span { display: block; font-size: 13px; color: var(--colorNeutralForeground3); }
#site-results p { margin: 8px 14px; color: var(--colorNeutralForeground3); }
.site-layout { display: flex; align-items: flex-start; }
#site-menu { position: sticky; top: 56px; flex: 0 0 280px; max-height: calc(100vh - 56px); overflow: auto; padding: 12px 0;
  border-right: 1px solid var(--colorNeutralStroke2); font-size: 14px; }
#site-menu a, #site-menu div { display: block; padding: 4px 12px; color: var(--colorNeutralForeground1); text-decoration: none; line-height: 1.5; }
#site-menu .site-menu-catalog { color: var(--colorNeutralForeground3); font-weight: 600; }
#site-menu a[aria-current="page"] { background: var(--colorBrandBackground2); color: var(--colorBrandForeground1); font-weight: 600; }
#site-main { flex: 1; min-width: 0; padding: 8px 32px 48px; max-width: 960px; }
.site-cover p { color: var(--colorNeutralForeground3); }
@media (max-width: 720px) {
  .site-layout { display: block; }
  #site-menu { position: static; max-height: 40vh; border-right: none; border-bottom: 1px solid var(--colorNeutralStroke2); }
  #site-main { padding: 8px 16px 40px; }
}
`;
