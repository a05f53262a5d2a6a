export * from './auth.ts';
export * from './contacts.ts';
export * from './dial-codes.ts';
export * from './errors.ts';
export * from './public-menu.ts';
export * from './roles.ts';
export * from './tenant.ts';
export * from './website.ts';
