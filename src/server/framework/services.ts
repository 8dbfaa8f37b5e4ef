/**
 * Small functions a module offers the others by name, so that no module imports another's files
 * to ask it something (events are for telling). The providing module declares each service's
 * type and gives the function in its contributes.ts (`services`); a caller asks for it by name
 * when it runs: `await service('students.lockStudent')(tx, id)`. A service named by a module that
 * is not installed fails with its name, never as a missing import.
 */

/**
 * Every service's name and type. The providing module declares its services in its contributes.ts
 * by adding to this interface (a type-only reference to the function is enough):
 *   declare module '../../framework/services.js' { interface Services { 'students.lockStudent': typeof lockStudent } }
 * A name is `<module>.<what it does>`, the module being the one that provides it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}
export type ServiceName = keyof Services;

/** What a module's contributes.ts gives (`services`): some of the declared services, its own. */
export type ProvidedServices = { [N in ServiceName]?: Services[N] };

let PROVIDED = new Map<string, unknown>();

/**
 * Installs the modules' services (src/server/installed.ts, once). A module provides only services
 * named for it, and a name once.
 */
export function installServices(list: Array<{ module: string; services: ProvidedServices }>) {
  const next = new Map<string, unknown>();
  for (const { module, services } of list) {
    for (const [name, run] of Object.entries(services)) {
      if (!name.startsWith(`${module}.`)) throw new Error(`The module ${module} provides the service '${name}': a module's services are named '${module}.<name>'`);
      if (next.has(name)) throw new Error(`Two modules provide the service '${name}'`);
      next.set(name, run);
    }
  }
  PROVIDED = next;
}

/** The service of that name; throws, naming it and its module, when no installed module provides it. */
export function service<N extends ServiceName>(name: N): Services[N] {
  const run = PROVIDED.get(name);
  if (run === undefined) {
    throw new Error(`No installed module provides the service '${name}' (the module ${String(name).split('.')[0]} is missing, or does not list it in its contributes.ts)`);
  }
  return run as Services[N];
}
