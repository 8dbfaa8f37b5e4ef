/** Types of the plain-JavaScript plugin beside it, which eslint.config.js loads as is. */
import type { ESLint } from 'eslint';

declare const plugin: ESLint.Plugin;
export default plugin;
