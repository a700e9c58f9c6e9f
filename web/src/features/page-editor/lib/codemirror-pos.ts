/**
 * What y-codemirror takes from `import CodeMirror from 'codemirror'`: only `CodeMirror.Pos`, a line and a
 * column. ByteMD brings its own CodeMirror 5 (codemirror-ssr); Vite resolves the binding's `codemirror` here
 * (web/vite.config.ts), so the editor's chunk does not carry a second copy of CodeMirror for one class.
 */
class Pos {
  constructor(
    readonly line: number,
    readonly ch: number,
    readonly sticky: string | null = null,
  ) {}
}

export default { Pos };
