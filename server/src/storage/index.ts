export * from './storage';
export { createFolderStorage } from './folder-storage';
