import * as fs from 'node:fs';
import * as path from 'node:path';

// web/ is an ES module package; jest (swc) compiles these resource files to CommonJS for the spec.
type Labels = Record<string, string>;
/** A web/ source file read as data: web/ has its own tsconfig and stays out of this spec's type-check program. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- paths found at run time (each feature's labels.ts), read synchronously
const load = <T>(file: string): T => require(file) as T;
const core = {
  en: load<{ en: Labels }>('../../web/src/lib/locales/en').en,
  zhCN: load<{ zhCN: Labels }>('../../web/src/lib/locales/zh-cn').zhCN,
};

/**
 * STYLE 17: English sentences are the keys and both resources stay complete. Every literal
 * passed to `t(...)` / `i18n.t(...)` in web/src must exist in English and in Chinese.
 */
const SRC = path.resolve(__dirname, '..', '..', 'web', 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The lazily added labels of an area (`features/<area>/labels.ts`, registered by its routes with `addLabels`). */
const FEATURES = path.join(SRC, 'features');
const areas = fs
  .readdirSync(FEATURES)
  .filter((area) => fs.existsSync(path.join(FEATURES, area, 'labels.ts')))
  .map((area) => ({ area, ...load<{ labels: { en: Labels; zhCN: Labels } }>(path.join(FEATURES, area, 'labels.ts')).labels }));
const en: Labels = Object.assign({}, core.en, ...areas.map((area) => area.en));
const zhCN: Labels = Object.assign({}, core.zhCN, ...areas.map((area) => area.zhCN));

const CALL = /(?<![\w$])(?:i18n\.)?t\(\s*'((?:[^'\\]|\\.)*)'/g;
const NON_LITERAL_CALL = /(?<![\w$.])t\((?!\s*[')])/g;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('web app labels', () => {
  const files = sourceFiles(SRC);
  const used = new Map<string, string>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(CALL)) used.set(match[1].replace(/\\'/g, "'"), path.relative(SRC, file));
  }

  it('finds the labels of the screens', () => {
    expect(used.size).toBeGreaterThan(100);
    expect(used.get('Used by over 6000 teams')).toBe('app/routes/landing.tsx');
  });

  it('has every label used in web/src in English and in Chinese', () => {
    const missing = [...used].filter(([key]) => !(key in en) || !(key in zhCN)).map(([key, file]) => `${file}: '${key}'${key in en ? '' : ' (en)'}${key in zhCN ? '' : ' (zh-CN)'}`);
    expect(missing).toEqual([]);
  });

  it('keeps both resources on the same keys, non-empty, with the same placeholders', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(zhCN)) {
      expect({ key, empty: value.trim() === '' }).toEqual({ key, empty: false });
      expect({ key, placeholders: placeholders(value) }).toEqual({ key, placeholders: placeholders(key) });
    }
  });

  it('keeps each area on its own sentences: a label the core already has is not repeated, two areas agree', () => {
    const repeated = areas.flatMap(({ area, en: labels }) =>
      Object.keys(labels)
        .filter((key) => key in core.en)
        .map((key) => `${area}: '${key}'`),
    );
    expect(repeated).toEqual([]);
    const disagreeing = areas.flatMap(({ area, zhCN: labels }) =>
      Object.entries(labels)
        .filter(([key, value]) => zhCN[key] !== value)
        .map(([key]) => `${area}: '${key}'`),
    );
    expect(disagreeing).toEqual([]);
  });

  it('has no label left unused', () => {
    expect(Object.keys(en).filter((key) => !used.has(key))).toEqual([]);
  });

  it('passes only literal keys to t(), so this check sees them all', () => {
    const dynamic = files.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(NON_LITERAL_CALL)].map((m) => `${path.relative(SRC, file)} @${m.index}`));
    expect(dynamic).toEqual([]);
  });
});
