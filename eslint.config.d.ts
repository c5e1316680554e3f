// Types of what eslint.config.js exports for the tests (tests/unit/lint/): the layer lists and
// the check that every server folder is in one of them.
import type { Linter } from 'eslint';

export const FEATURE_FOLDERS: string[];
export const SHARED_SERVER_LAYERS: string[];
export const COMPOSITION_ROOTS: string[];
export const COMPOSITION_ROOT_FOLDERS: string[];
export function unclassifiedServerFolders(folders: string[]): string[];
declare const config: Linter.Config[];
export default config;
