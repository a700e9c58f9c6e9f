import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG } from '@quire/platform';
import { type ExportRenderTexts, formatTime, nowSeconds, translate } from '@quire/proto';
import type { WordTexts } from '../word/word-document';

/** A title opening with a CJK character (after spaces and punctuation): its number takes ShowDoc's `、`. */
const CJK_START = /^[\s\p{P}]*[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The texts an exported document writes itself, in the server's language (LANGUAGE). */
@Injectable()
export class ExportTexts {
  constructor(@Inject(QUIRE_CONFIG) private readonly config: QuireConfig) {}

  word(): WordTexts {
    const language = this.config.language;
    return {
      contents: translate('export_doc_contents', language),
      empty: translate('export_doc_empty', language),
      catalog: (name) => translate('export_doc_catalog', language, { name }),
      exported: translate('export_doc_exported', language, { time: formatTime(nowSeconds()) }),
      imageMissing: (alt) => translate('export_doc_image_missing', language, { alt }),
      tableTruncated: (rows, shown) => translate('export_doc_table_truncated', language, { rows, shown }),
      heading: (number, title) => this.heading(number, title),
    };
  }

  /** The texts of a PDF or HTML export; `catalogName` names the exported catalog ('' for a whole item). */
  render(catalogName: string): ExportRenderTexts {
    const language = this.config.language;
    return {
      contents: translate('export_doc_contents', language),
      empty: translate('export_doc_empty', language),
      catalog: catalogName ? translate('export_doc_catalog', language, { name: catalogName }) : '',
      exported: translate('export_doc_exported', language, { time: formatTime(nowSeconds()) }),
      imageMissing: translate('export_doc_image_missing', language, { alt: '{alt}' }),
    };
  }

  /** A catalog's or page's numbered heading: `1.2、标题` for a title in Chinese (as ShowDoc numbered), `1.2 Title` for any other. */
  heading(number: string, title: string): string {
    return CJK_START.test(title) ? `${number}、${title}` : `${number} ${title}`;
  }

  pageTruncated(shown: number, total: number): string {
    return translate('export_doc_page_truncated', this.config.language, { shown, total });
  }
}
