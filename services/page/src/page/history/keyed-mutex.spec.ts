import { KeyedMutex } from './keyed-mutex';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe(KeyedMutex.name, () => {
  it('runs tasks on one key one after another, even after a failure, and other keys alongside', async () => {
    const sut = new KeyedMutex();
    const log: string[] = [];
    const task = (name: string, fail = false) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      if (fail) throw new Error(name);
    };
    await Promise.allSettled([sut.run('a', task('a1', true)), sut.run('a', task('a2')), sut.run('b', task('b1'))]);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });
});
