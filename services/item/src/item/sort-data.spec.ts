import { parseSortData } from './sort-data';

describe(parseSortData.name, () => {
  it('reads the map the item list sends', () => {
    expect(parseSortData('{"3":1,"1":2,"7":3}')).toEqual(
      new Map([
        [3, 1],
        [1, 2],
        [7, 3],
      ]),
    );
    expect(parseSortData('{}')).toEqual(new Map());
  });

  it('refuses malformed JSON and anything that is not an id → whole-number map', () => {
    for (const data of ['{', 'null', '[1,2]', '"x"', '5', '{"a":1}', '{"0":1}', '{"-1":1}', '{"3":"1"}', '{"3":1.5}', '{"3":null}', '{"3":{"x":1}}']) {
      expect(parseSortData(data)).toBeNull();
    }
  });
});
