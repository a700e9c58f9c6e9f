import { AlignmentType, type IStylesOptions, type INumberingOptions, LevelFormat, BorderStyle, ShadingType } from 'docx';

/** Latin text in Calibri, Chinese (East Asian) text in Microsoft YaHei, with SimSun-era fallbacks left to Word. */
export const FONT_TEXT = { ascii: 'Calibri', hAnsi: 'Calibri', cs: 'Calibri', eastAsia: 'Microsoft YaHei' };
export const FONT_CODE = { ascii: 'Consolas', hAnsi: 'Consolas', cs: 'Consolas', eastAsia: 'Microsoft YaHei' };

export const CODE_STYLE = 'QuireCode';
export const QUOTE_STYLE = 'QuireQuote';
export const ORDERED_LIST = 'quire-ordered';

const heading = (size: number, before: number) => ({
  run: { size, bold: true, font: FONT_TEXT, color: '1F2328' },
  paragraph: { spacing: { before, after: 120 }, keepNext: true },
});

/** The document's styles: fonts for Latin and East Asian text, headings, code and quotes. */
export const WORD_STYLES: IStylesOptions = {
  default: {
    document: {
      run: { font: FONT_TEXT, size: 21, language: { value: 'en-US', eastAsia: 'zh-CN' } },
      paragraph: { spacing: { after: 120, line: 300 } },
    },
    title: { run: { size: 56, bold: true, font: FONT_TEXT }, paragraph: { spacing: { before: 2400, after: 480 }, alignment: AlignmentType.CENTER } },
    heading1: heading(36, 480),
    heading2: heading(30, 360),
    heading3: heading(26, 280),
    heading4: heading(24, 240),
    heading5: heading(22, 200),
    heading6: heading(21, 200),
    hyperlink: { run: { color: '0563C1', underline: {} } },
  },
  paragraphStyles: [
    {
      id: CODE_STYLE,
      name: 'Code Block',
      basedOn: 'Normal',
      run: { font: FONT_CODE, size: 18 },
      paragraph: {
        spacing: { before: 60, after: 120, line: 260 },
        shading: { type: ShadingType.CLEAR, fill: 'F6F8FA', color: 'auto' },
        border: {
          top: { style: BorderStyle.SINGLE, size: 4, color: 'DDDDDD', space: 4 },
          bottom: { style: BorderStyle.SINGLE, size: 4, color: 'DDDDDD', space: 4 },
          left: { style: BorderStyle.SINGLE, size: 4, color: 'DDDDDD', space: 4 },
          right: { style: BorderStyle.SINGLE, size: 4, color: 'DDDDDD', space: 4 },
        },
      },
    },
    {
      id: QUOTE_STYLE,
      name: 'Block Quote',
      basedOn: 'Normal',
      run: { color: '57606A' },
      paragraph: { border: { left: { style: BorderStyle.SINGLE, size: 18, color: 'D0D7DE', space: 8 } } },
    },
  ],
};

/** Ordered lists, nine levels deep: 1. / a. / i. repeating. */
export const WORD_NUMBERING: INumberingOptions = {
  config: [
    {
      reference: ORDERED_LIST,
      levels: Array.from({ length: 9 }, (_, level) => ({
        level,
        format: [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN][level % 3],
        text: `%${level + 1}.`,
        alignment: AlignmentType.START,
        style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
      })),
    },
  ],
};
