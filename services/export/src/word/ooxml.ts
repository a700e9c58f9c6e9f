/**
 * WordprocessingML written as text. The `docx` package builds the document's frame (styles,
 * numbering, settings, title page, table of contents); the body of a large item is written
 * here as strings, because docx's object model takes more than a gigabyte for 1,000 pages.
 */

/** XML 1.0 allows no C0 control character but tab, line feed and carriage return, and no lone surrogate. */
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function stripInvalidXml(text: string): string {
  return text.replace(INVALID_XML, '');
}

/** Text for an element or an attribute value. */
export function xmlText(text: string): string {
  return stripInvalidXml(text).replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

export interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  strike?: boolean;
  code?: boolean;
  link?: boolean;
  superScript?: boolean;
  /** Half-points. */
  size?: number;
  color?: string;
}

export const CODE_FONTS = '<w:rFonts w:ascii="Consolas" w:hAnsi="Consolas" w:cs="Consolas" w:eastAsia="Microsoft YaHei"/>';

/** Run properties in the schema's order. */
export function runProperties(style: RunStyle): string {
  let xml = '';
  if (style.link) xml += '<w:rStyle w:val="Hyperlink"/>';
  if (style.code) xml += CODE_FONTS;
  if (style.bold) xml += '<w:b/><w:bCs/>';
  if (style.italics) xml += '<w:i/><w:iCs/>';
  if (style.strike) xml += '<w:strike/>';
  if (style.color) xml += `<w:color w:val="${style.color}"/>`;
  if (style.size) xml += `<w:sz w:val="${style.size}"/><w:szCs w:val="${style.size}"/>`;
  if (style.code) xml += '<w:shd w:val="clear" w:color="auto" w:fill="F0F0F0"/>';
  if (style.superScript) xml += '<w:vertAlign w:val="superscript"/>';
  return xml ? `<w:rPr>${xml}</w:rPr>` : '';
}

/** A run of text; tabs become Word tabs, line feeds line breaks. */
export function run(text: string, style: RunStyle = {}): string {
  if (!text) return '';
  const parts = text.split('\n').map((line) =>
    line
      .split('\t')
      .map((piece) => (piece ? `<w:t xml:space="preserve">${xmlText(piece)}</w:t>` : ''))
      .join('<w:tab/>'),
  );
  return `<w:r>${runProperties(style)}${parts.join('<w:br/>')}</w:r>`;
}

export const LINE_BREAK = '<w:r><w:br/></w:r>';

export interface ParagraphFormat {
  style?: string;
  keepNext?: boolean;
  numbering?: { numId: number; level: number };
  borderBottom?: boolean;
  indentLeft?: number;
  align?: 'center' | 'right';
}

export function paragraph(content: string, format: ParagraphFormat = {}): string {
  let props = '';
  if (format.style) props += `<w:pStyle w:val="${format.style}"/>`;
  if (format.keepNext) props += '<w:keepNext/>';
  if (format.numbering) props += `<w:numPr><w:ilvl w:val="${format.numbering.level}"/><w:numId w:val="${format.numbering.numId}"/></w:numPr>`;
  if (format.borderBottom) props += '<w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="BBBBBB"/></w:pBdr>';
  if (format.indentLeft) props += `<w:ind w:left="${format.indentLeft}"/>`;
  if (format.align) props += `<w:jc w:val="${format.align}"/>`;
  return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}${content}</w:p>`;
}

/** A paragraph in a heading style whose text is also a bookmark the table of contents links to. */
export function heading(text: string, level: number, bookmark: { id: number; name: string }): string {
  return paragraph(`<w:bookmarkStart w:id="${bookmark.id}" w:name="${bookmark.name}"/>${run(text)}<w:bookmarkEnd w:id="${bookmark.id}"/>`, {
    style: `Heading${Math.min(6, Math.max(1, level))}`,
  });
}

export function hyperlink(relationshipId: string, runs: string): string {
  return `<w:hyperlink r:id="${relationshipId}" w:history="1">${runs}</w:hyperlink>`;
}

const EMU_PER_PIXEL = 9525;

/** An inline picture (DrawingML) of the related image part, `width`×`height` pixels. */
export function inlineImage(relationshipId: string, id: number, size: { width: number; height: number }, alt: string): string {
  const cx = size.width * EMU_PER_PIXEL;
  const cy = size.height * EMU_PER_PIXEL;
  const description = xmlText(alt);
  return (
    '<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">' +
    `<wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent l="0" t="0" r="0" b="0"/>` +
    `<wp:docPr id="${id}" name="Picture ${id}" descr="${description}"/>` +
    '<wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" noChangeAspect="1"/></wp:cNvGraphicFramePr>' +
    '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">' +
    `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${id}" name="image${id}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:embed="${relationshipId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>'
  );
}

const CELL_BORDERS =
  '<w:tcBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="CCCCCC"/><w:left w:val="single" w:sz="4" w:space="0" w:color="CCCCCC"/>' +
  '<w:bottom w:val="single" w:sz="4" w:space="0" w:color="CCCCCC"/><w:right w:val="single" w:sz="4" w:space="0" w:color="CCCCCC"/></w:tcBorders>';

/** The start of a full-width table with `columns` equal columns and grey 1 px borders (ShowDoc's export style). */
export function tableStart(columns: number): string {
  const width = Math.floor(9000 / Math.max(1, columns));
  return '<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid>' + `<w:gridCol w:w="${width}"/>`.repeat(Math.max(1, columns)) + '</w:tblGrid>';
}

export const TABLE_END = '</w:tbl>';

/** A row of cells, each cell one paragraph; the header row is white on blue (ShowDoc's export) and repeats on each page. */
export function tableRow(cells: string[], columns: number, options: { header: boolean; align: ('center' | 'right' | undefined)[] }): string {
  const width = Math.floor(9000 / Math.max(1, columns));
  const shading = options.header ? '<w:shd w:val="clear" w:color="auto" w:fill="0088CC"/>' : '';
  let xml = options.header ? '<w:tr><w:trPr><w:tblHeader/></w:trPr>' : '<w:tr>';
  for (let column = 0; column < columns; column++) {
    xml += `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${CELL_BORDERS}${shading}</w:tcPr>`;
    xml += paragraph(cells[column] ?? '', { align: options.align[column] });
    xml += '</w:tc>';
  }
  return `${xml}</w:tr>`;
}
