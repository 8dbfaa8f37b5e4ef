/** What a value is after the envelope's JSON: dates arrive as ISO text, functions not at all. */
export type Wire<T> =
  T extends Date ? string
    : T extends (...a: any[]) => any ? never
      : T extends ReadonlyArray<infer U> ? Array<Wire<U>>
        : T extends object ? { [K in keyof T]: Wire<T[K]> }
          : T;
