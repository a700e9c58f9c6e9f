export * from './team.module';
