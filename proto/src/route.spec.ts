import { Routes, findRoute, routeKey } from './route';
import { ServiceNames, Subject, serviceOf } from './subject';

/** Every call of SPEC §7. */
const SPEC_CALLS = `common/verify common/qrcode ScriptCron/run user/login user/register user/info user/resetPassword user/updateEmail
user/updateInfo user/resetPasswordEmail user/resetPasswordByUrl user/logout user/allUser item/myList item/add item/pwd item/info item/detail
item/update item/exitItem item/sort item/delete item/archive item/attorn item/getKey item/resetKey page/info page/infoByKey page/save page/delete
page/history page/diff page/createSinglePage page/uploadImg page/upload page/uploadList page/deleteUploadFile catalog/catListGroup
catalog/getDefaultCat catalog/save catalog/delete export/word member/getList member/save member/delete team/getList team/save team/delete
teamItem/getList teamItem/save teamItem/delete teamItem/getListByTeam teamItemMember/getList teamItemMember/save teamMember/getList
teamMember/save teamMember/delete template/getList template/save template/delete notice/getList notice/setRead notice/delete
adminItem/getList adminItem/deleteItem adminItem/attorn adminUser/getList adminUser/deleteUser adminUser/changePassword adminUser/addUser
adminUser/checkUpdate adminSetting/saveConfig adminSetting/loadConfig`.split(/\s+/);

describe('Routes', () => {
  it.each(SPEC_CALLS)('maps /api/%s to a subject', (call) => {
    const [controller, action] = call.split('/');
    expect(Object.values(Subject)).toContain(findRoute(controller, action)?.subject);
  });

  it('matches controller and action names in any case, with or without underscores', () => {
    expect(findRoute('USER', 'LOGIN')).toBe(findRoute('user', 'login'));
    expect(findRoute('team_item', 'get_list_by_team')?.subject).toBe(Subject.TeamItemListByTeam);
    expect(routeKey('TeamItem', 'getList')).toBe('teamitem/getlist');
  });

  it('knows no other route', () => {
    expect(findRoute('user', 'hack')).toBeUndefined();
    expect(findRoute('constructor', 'prototype')).toBeUndefined();
    expect(findRoute('__proto__', 'x')).toBeUndefined();
  });

  it('requires an administrator on every admin controller and a login where the contract does', () => {
    for (const [key, route] of Object.entries(Routes)) {
      if (key.startsWith('admin')) expect(route.auth).toBe('admin');
    }
    expect(findRoute('user', 'info')?.auth).toBe('required');
    expect(findRoute('item', 'info')?.auth).toBe('optional');
    expect(findRoute('user', 'login')?.auth).toBe('none');
  });

  it('rate-limits login, register and the password endpoints', () => {
    for (const call of [
      'user/login',
      'user/register',
      'user/loginByVerify',
      'user/registerByVerify',
      'user/resetPassword',
      'user/resetPasswordEmail',
      'user/resetPasswordByUrl',
      'item/pwd',
    ]) {
      const [controller, action] = call.split('/');
      expect(findRoute(controller, action)?.rateLimited).toBe(true);
    }
  });

  it('says of every route whether it reads or writes', () => {
    for (const route of Object.values(Routes)) expect(['read', 'write']).toContain(route.effect);
  });

  it.each([
    ['common/verify', 'read'],
    ['common/qrcode', 'read'],
    ['common/showCaptcha', 'read'],
    ['common/createCaptcha', 'write'],
    ['user/loginByVerify', 'write'],
    ['user/registerByVerify', 'write'],
    ['user/info', 'read'],
    ['item/info', 'read'],
    ['item/getKey', 'read'],
    ['page/history', 'read'],
    ['page/diff', 'read'],
    ['attachment/visitFile', 'read'],
    ['export/download', 'read'],
    ['adminSetting/loadConfig', 'read'],
    ['user/login', 'write'],
    ['user/register', 'write'],
    ['user/logout', 'write'],
    ['item/pwd', 'write'],
    ['page/save', 'write'],
    ['page/uploadImg', 'write'],
    ['member/save', 'write'],
    ['adminUser/changePassword', 'write'],
    ['export/start', 'write'],
    ['export/word', 'read'],
    ['ScriptCron/run', 'write'],
    ['open/updatePage', 'write'],
  ])('classifies %s as a %s', (call, effect) => {
    const [controller, action] = call.split('/');
    expect(findRoute(controller, action)?.effect).toBe(effect);
  });

  it("lets the open API's routes, and only them, be authorized by the item's key", () => {
    const byKey = Object.entries(Routes)
      .filter(([, route]) => route.auth === 'apiKey')
      .map(([key]) => key);
    expect(byKey.sort()).toEqual(['item/updatebyapi', 'open/fromcomments', 'open/resyncapi', 'open/updatedbitem', 'open/updateitem', 'open/updatepage']);
  });

  it('marks every save, delete, add, update, sort, send and upload as a write', () => {
    for (const [key, route] of Object.entries(Routes)) {
      if (/\/(save|delete|deleteitem|deleteuser|deleteuploadfile|add|adduser|update\w*|sort|send|upload|uploadimg|recover|attorn|archive|resetkey|setread)$/.test(key)) {
        expect([key, route.effect]).toEqual([key, 'write']);
      }
    }
  });

  it('names the owning service first in every subject', () => {
    expect(serviceOf(Subject.AuthUserLogin)).toBe('auth');
    expect(serviceOf(Subject.TeamItemMemberSave)).toBe('team');
    expect(new Set(Object.values(Subject).map(serviceOf))).toEqual(new Set(ServiceNames));
  });
});
