export * from './contacts.ts';
export * from './credentials.ts';
export * from './invoices.ts';
export * from './outbox.ts';
export * from './settings.ts';
export * from './shared-state.ts';
export * from './tenants.ts';
export * from './website.ts';
