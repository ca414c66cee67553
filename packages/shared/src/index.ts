export * from './constants';
export * from './contracts/auth';
export * from './contracts/envelope';
export * from './i18n/messages';
export * from './validation/fields';
