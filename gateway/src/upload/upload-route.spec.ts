import { uploadRuleForPath } from './upload-route';

describe('uploadRuleForPath', () => {
  it('finds the upload rule of a route in any case, encoded or with a trailing slash', () => {
    expect(uploadRuleForPath('/api/page/uploadImg')).toEqual({ fields: ['editormd-image-file', 'file'], editorMd: true });
    expect(uploadRuleForPath('/api/PAGE/upload/')).toEqual({ fields: ['file', 'editormd-image-file'] });
    expect(uploadRuleForPath('/api/page/upload%49mg')).toMatchObject({ editorMd: true });
  });

  it('answers nothing for routes that take no file and for paths that are not routes', () => {
    expect(uploadRuleForPath('/api/page/uploadList')).toBeUndefined();
    expect(uploadRuleForPath('/api/page/upload/extra')).toBeUndefined();
    expect(uploadRuleForPath('/api/page/%E0%A4%A')).toBeUndefined();
    expect(uploadRuleForPath('/upload')).toBeUndefined();
  });
});
