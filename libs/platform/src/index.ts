export * from './transport/transport-client';
export * from './transport/message-map';
export * from './transport/message-handler';
export * from './transport/nats-transport-client';
export * from './transport/in-process/in-process-transport-client';
export * from './transport/connect-transport';
export * from './transport/nats-options';
export * from './transport/in-process/in-process-bus';
export * from './transport/in-process/in-process-client';
export * from './transport/in-process/in-process-context';
export * from './transport/in-process/in-process-server';
export * from './rpc/rpc-error';
export * from './rpc/rpc-error.filter';
export * from './health.service';
export * from './platform.module';
export * from './blob-storage/blob-storage';
export * from './blob-storage/local-disk-blob-storage';
export * from './mailer/mailer';
export * from './mailer/outbox-mailer';
export * from './job-queue/job-queue';
export * from './job-queue/on-job.decorator';
export * from './job-queue/job-handler.registry';
export * from './job-queue/jobs.module';
export * from './job-queue/in-process-job-queue';
export * from './change-feed/change-feed';
export * from './change-feed/in-process-change-feed';
// JetStreamChangeFeed is the distributed adapter: PlatformModule loads it in that mode; import it by path.
// MinioBlobStorage, BullmqJobQueue and SmtpMailer are not re-exported: they pull in minio, bullmq and
// nodemailer, which PlatformModule loads only in the mode that uses them (import them by path).
export * from './document-store/document-store';
export * from './key-value/key-value-store';
export * from './key-value/with-lock';
export * from './sqlite/sqlite-database';
export * from './sqlite/sqlite-document-store';
export * from './sqlite/sqlite-key-value-store';
export * from './sqlite/sqlite-small-blobs';
export * from './sqlite/local-database';
export * from './sqlite/sqlite-backup';
// MongoDocumentStore and RedisKeyValueStore are not re-exported either (mongoose alone takes ~120 ms to
// load): PlatformModule loads them in distributed mode; import them by path where needed.
export * from './run-service';
export * from './heap-tuning';
export * from './cache/versioned-cache';
export * from './cache/version-token';
export * from './cache/reply-version';
export * from './secrets/secret-hash';
export * from './secrets/secret-cipher';
export * from './secrets/secret-key-file';
export * from './fs/private-files';
export * from './secrets/sealed-collection';
export * from './net/address-block';
export * from './net/address-policy';
export * from './net/guarded-host';
export * from './net/pinned-request';
export * from './text/three-way-merge';
export * from './http/upgrade-handler';
