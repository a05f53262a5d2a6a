export * from './contacts.ts';
export * from './outbox.ts';
export * from './tenants.ts';
export * from './website.ts';
export * from './settings.ts';
export * from './credentials.ts';
