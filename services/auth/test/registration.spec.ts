import { Controller, Injectable, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DocumentStore, KeyValueStore } from '@quire/platform';
import { AppError, type Caller, captchaKey, ErrorCode, type Message, type Reply, type SettingValue, Subject } from '@quire/proto';
import { type ContextApp, createContextApp, testCaller } from '@quire/testing';
import { AuthModule } from '../src/auth.module';

/** Stand-in for the admin service's `admin.setting.get`: options from a map, or a failure. */
@Injectable()
class SettingsStub {
  readonly values = new Map<string, string>();
  failure: AppError | null = null;
}

@Controller()
class SettingsStubController {
  constructor(private readonly stub: SettingsStub) {}

  @MessagePattern(Subject.AdminSettingGet)
  get(@Payload() message: Message): SettingValue {
    if (this.stub.failure) throw this.stub.failure;
    return { value: this.stub.values.get(String(message.params.name)) ?? null };
  }
}

@Module({ controllers: [SettingsStubController], providers: [SettingsStub] })
class SettingsStubModule {}

async function errorOf(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('auth.user.register and the register_open setting', () => {
  let ctx: ContextApp;
  let stub: SettingsStub;

  const captchaFor = async (app: ContextApp, caller: Caller) => {
    await app.relay(Subject.AuthCaptchaCreate, { caller, params: {} });
    return (await app.app.get(KeyValueStore).get(captchaKey(caller.clientId))) as string;
  };
  const register = async (app: ContextApp, username: string) => {
    const caller = testCaller();
    const params = { username, password: 'secret-1', confirm_password: 'secret-1', v_code: await captchaFor(app, caller) };
    return app.relay<Reply<never[]>>(Subject.AuthUserRegister, { caller, params });
  };
  const stored = (app: ContextApp, username: string) => app.app.get(DocumentStore).collection<{ username: string }>('users').count({ username });

  beforeAll(async () => {
    ctx = await createContextApp([AuthModule, SettingsStubModule], { env: { QUIRE_ADMIN_PASSWORD: 'admin-secret' } });
    stub = ctx.app.get(SettingsStub);
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    stub.values.clear();
    stub.failure = null;
  });

  it('is open when the option was never saved or is "1"', async () => {
    expect((await register(ctx, 'open_unset')).data).toMatchObject({ username: 'open_unset', user_token: expect.stringMatching(/^[a-f0-9]{64}$/) });
    stub.values.set('register_open', '1');
    expect((await register(ctx, 'open_one')).data).toMatchObject({ username: 'open_one' });
  });

  it('refuses with 10101 register_closed when the option is "0", storing nothing', async () => {
    stub.values.set('register_open', '0');

    const error = await errorOf(register(ctx, 'closed_door'));

    expect([error.code, error.key]).toEqual([ErrorCode.Failed, 'register_closed']);
    expect(await stored(ctx, 'closed_door')).toBe(0);
  });

  it('fails with the admin service error when it cannot answer, instead of guessing', async () => {
    stub.failure = new AppError(ErrorCode.Unavailable, 'unavailable');

    const error = await errorOf(register(ctx, 'while_down'));

    expect([error.code, error.key]).toEqual([ErrorCode.Unavailable, 'unavailable']);
    expect(await stored(ctx, 'while_down')).toBe(0);
  });

  it('lets exactly one of two simultaneous registrations of a name win', async () => {
    const results = await Promise.allSettled([register(ctx, 'race_name'), register(ctx, 'race_name')]);

    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((r) => [(r.reason as AppError).code, (r.reason as AppError).key])).toEqual([[ErrorCode.Failed, 'username_exists']]);
    expect(await stored(ctx, 'race_name')).toBe(1);
  });

  it('counts as open on a deployment without an admin service (no route for the setting)', async () => {
    const alone = await createContextApp([AuthModule], { env: { QUIRE_ADMIN_PASSWORD: 'admin-secret' } });
    try {
      expect((await register(alone, 'no_admin_here')).data).toMatchObject({ username: 'no_admin_here' });
      expect(await stored(alone, 'no_admin_here')).toBe(1);
    } finally {
      await alone.close();
    }
  });
});
