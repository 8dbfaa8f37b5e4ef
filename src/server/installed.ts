/**
 * The modules' hooks, handlers and hand-registered calls, installed into the framework once,
 * by whoever imports this first: the app, the demo seed or the command line.
 */
import { SERVER_MODULES } from '../generated/server.js';
import { installModules } from './framework/extensions.js';

installModules(SERVER_MODULES);

export { SERVER_MODULES };
