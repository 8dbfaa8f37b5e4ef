/** What a value is after the envelope's JSON: dates arrive as ISO text, functions not at all. */
export type Wire<T> =
  T extends Date ? string
    : T extends (...a: any[]) => any ? never
      : T extends ReadonlyArray<infer U> ? Array<Wire<U>>
        : T extends object ? { [K in keyof T]: Wire<T[K]> }
          : T;

/**
 * A row of a generated CRUD answer (list, one, create, update) of an entity typed by its schema
 * (src/generated/entities/): its id and every stored field, null where the row has none. The
 * schema types what a write may send; a read answers every column.
 */
export type EntityRow<T> = { id: number } & { [K in Exclude<keyof T, 'id'>]-?: undefined extends T[K] ? Exclude<T[K], undefined> | null : T[K] };
