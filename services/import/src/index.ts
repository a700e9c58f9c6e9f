export * from './import.module';
export * from './showdoc/showdoc-import.service';
export * from './showdoc/showdoc-reader';
export * from './report/import-report';
