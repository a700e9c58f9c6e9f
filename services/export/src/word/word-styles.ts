import { AlignmentType, BorderStyle, type IStylesOptions, ShadingType } from 'docx';
import { CODE_STYLE, QUOTE_STYLE } from './markdown-to-docx';

/** Latin text in Calibri, Chinese (East Asian) text in Microsoft YaHei, with SimSun-era fallbacks left to Word. */
export const FONT_TEXT = { ascii: 'Calibri', hAnsi: 'Calibri', cs: 'Calibri', eastAsia: 'Microsoft YaHei' };
export const FONT_CODE = { ascii: 'Consolas', hAnsi: 'Consolas', cs: 'Consolas', eastAsia: 'Microsoft YaHei' };

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

const BULLETS = ['•', '◦', '▪'];
const ORDERED_FORMATS = ['decimal', 'lowerLetter', 'lowerRoman'];

const level = (ilvl: number, format: string, text: string) =>
  `<w:lvl w:ilvl="${ilvl}"><w:start w:val="1"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/><w:lvlJc w:val="left"/>` +
  `<w:pPr><w:ind w:left="${720 * (ilvl + 1)}" w:hanging="360"/></w:pPr></w:lvl>`;

/** Abstract list 1: bullets (•, ◦, ▪ by level); abstract list 2: numbers (1., a., i. by level). */
export const BULLET_ABSTRACT = 1;
export const ORDERED_ABSTRACT = 2;

/** `word/numbering.xml`: the two list kinds, the one bullet list (id 1) and one restartable instance per ordered list. */
export function numberingXml(ordered: readonly { numId: number; level: number; start: number }[]): string {
  const levels = (kind: 'bullet' | 'ordered') =>
    Array.from({ length: 9 }, (_, ilvl) => (kind === 'bullet' ? level(ilvl, 'bullet', BULLETS[ilvl % 3]) : level(ilvl, ORDERED_FORMATS[ilvl % 3], `%${ilvl + 1}.`))).join('');
  const instances = ordered
    .map(
      (list) =>
        `<w:num w:numId="${list.numId}"><w:abstractNumId w:val="${ORDERED_ABSTRACT}"/>` +
        `<w:lvlOverride w:ilvl="${list.level}"><w:startOverride w:val="${Math.max(0, Math.min(list.start, 999_999_999))}"/></w:lvlOverride></w:num>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    `<w:abstractNum w:abstractNumId="${BULLET_ABSTRACT}"><w:multiLevelType w:val="hybridMultilevel"/>${levels('bullet')}</w:abstractNum>` +
    `<w:abstractNum w:abstractNumId="${ORDERED_ABSTRACT}"><w:multiLevelType w:val="hybridMultilevel"/>${levels('ordered')}</w:abstractNum>` +
    `<w:num w:numId="1"><w:abstractNumId w:val="${BULLET_ABSTRACT}"/></w:num>${instances}</w:numbering>`
  );
}
