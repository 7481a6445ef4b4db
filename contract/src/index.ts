export * from './abilities';
export * from './auth';
export * from './errors';
export * from './health';
export * from './messages';
export * from './users';
export * from './routes';
export * from './demo';
