/** A count with its noun, singular for one: counted(1, 'student') → '1 student', counted(12, 'family', 'families') → '12 families'. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
}

/** A table pager's total line: showTotal={totalOf('student')}. */
export const totalOf = (one: string, many?: string) => (n: number) => counted(n, one, many);
