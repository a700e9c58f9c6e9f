import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG } from '@quire/platform';
import { formatTime, nowSeconds, translate } from '@quire/proto';
import type { WordTexts } from '../word/word-document';

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
    };
  }

  pageTruncated(shown: number, total: number): string {
    return translate('export_doc_page_truncated', this.config.language, { shown, total });
  }
}
