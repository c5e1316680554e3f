// Pure domain rules shared by the server and the web app. No I/O, no Node-only APIs.
export * from './constants';
export * from './tools';
export * from './status';
export * from './license';
export * from './tokens';
export * from './ids';
export * from './messages';
export * from './schemas';
export * from './validation';
export * from './submission';
