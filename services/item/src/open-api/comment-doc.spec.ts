import { commentDocPages } from './comment-doc';

const source = `
<?php
/**
 * showdoc
 * @catalog Users/Login
 * @title User login
 * @description Logs a user in
 * @method post
 * @url https://example.com/api/user/login
 * @header token optional string a device token
 * @param username required string the user name
 * @param password required string the password
 * @return {"error_code":0,"data":{"uid":"1"}}
 * @return_param uid int the user id
 * @remark none
 * @number 3
 */
function login() {}

/** not a doc: no tag */
/**
 * @title Without the marker word
 */
`;

describe(commentDocPages.name, () => {
  it('turns every showdoc block into an API page', () => {
    const pages = commentDocPages(source);
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page).toMatchObject({ page_title: 'User login', cat_name: 'Users/Login', s_number: 3 });
    expect(page.page_content).toContain('- Logs a user in');
    expect(page.page_content).toContain('- ` https://example.com/api/user/login `');
    expect(page.page_content).toContain('- post');
    expect(page.page_content).toContain('|token|optional|string|a device token|');
    expect(page.page_content).toContain('|username|required|string|the user name|');
    expect(page.page_content).toContain('|password|required|string|the password|');
    expect(page.page_content).toContain('|uid|int|the user id|');
    expect(page.page_content).toContain('"uid": "1"');
    expect(page.page_content).toContain('- none');
  });

  it('restores the & that shell scripts send as _this_and_change_', () => {
    const [page] = commentDocPages('/**\n * showdoc\n * @title Search\n * @url /api/search?a=1_this_and_change_b=2\n */');
    expect(page.page_content).toContain('/api/search?a=1&b=2');
    expect(page.s_number).toBe(0);
  });

  it('finds nothing in text without doc blocks', () => {
    expect(commentDocPages('plain text showdoc @title x')).toEqual([]);
  });
});
