import { escapeRegExp } from '@quire/proto';
import { type UserEntity, UserGroup } from './user.entity';
import { toLoggedInUser, toUserInfo, UserService } from './user.service';

const storedUser = (overrides: Partial<UserEntity> = {}): UserEntity => ({
  uid: 7,
  username: 'alice',
  name: 'Alice',
  email: 'alice@example.com',
  email_verify: 1,
  groupid: UserGroup.User,
  password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  avatar: '',
  avatar_small: '',
  reg_time: 1_700_000_000,
  last_login_time: 1_700_000_100,
  ...overrides,
});

describe(UserService.name, () => {
  describe(toUserInfo.name, () => {
    it('never exposes the password hash', () => {
      expect(JSON.stringify(toUserInfo(storedUser()))).not.toContain('argon2');
    });

    it('sends an empty e-mail and email_verify 0 for rows written before those fields existed', () => {
      const legacy = storedUser();
      delete (legacy as Partial<UserEntity>).email;
      delete (legacy as Partial<UserEntity>).email_verify;
      delete (legacy as Partial<UserEntity>).name;

      expect(toUserInfo(legacy)).toMatchObject({ email: '', email_verify: 0, name: '' });
    });
  });

  describe(toLoggedInUser.name, () => {
    it('is the [HEAD] login shape carrying the token as user_token', () => {
      expect(toLoggedInUser(storedUser(), 'a'.repeat(64))).toEqual({
        uid: 7,
        username: 'alice',
        name: 'Alice',
        groupid: 2,
        avatar: '',
        avatar_small: '',
        email: 'alice@example.com',
        email_verify: 1,
        user_token: 'a'.repeat(64),
        language: '',
      });
    });
  });

  describe(escapeRegExp.name, () => {
    it.each(['a.b', 'x*', '(y)', '[z]', 'a+b?', '^start$', 'back\\slash', 'pi|pe', '{2}'])('makes %p match only itself', (text) => {
      const pattern = new RegExp(escapeRegExp(text), 'i');

      expect(pattern.test(`user-${text}-x`)).toBe(true);
      expect(pattern.test('user-plain')).toBe(false);
    });
  });
});
