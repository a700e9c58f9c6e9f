import { parseJsonReply, Reply, spliceJson } from './message';

describe(spliceJson.name, () => {
  it('places the JSON text between the fields before and after, keeping their order', () => {
    const text = spliceJson({ a: 1, b: 'x"y' }, 'menu', '{"pages":[{"t":"<b>"}]}', { c: true });

    expect(text).toBe('{"a":1,"b":"x\\"y","menu":{"pages":[{"t":"<b>"}]},"c":true}');
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['a', 'b', 'menu', 'c']);
  });

  it('works with nothing before or after', () => {
    expect(JSON.parse(spliceJson({}, 'menu', '[1,2]'))).toEqual({ menu: [1, 2] });
    expect(JSON.parse(spliceJson({}, 'menu', 'null', { z: 0 }))).toEqual({ menu: null, z: 0 });
  });
});

describe(parseJsonReply.name, () => {
  it('parses a JSON-text reply and leaves any other value alone', () => {
    expect(parseJsonReply(Reply.json('{"a":[1]}'))).toEqual({ a: [1] });
    expect(parseJsonReply({ a: 1 })).toEqual({ a: 1 });
    const session = Reply.withSession({ uid: 1 }, 'token', 60);
    expect(parseJsonReply(session)).toBe(session);
  });
});
