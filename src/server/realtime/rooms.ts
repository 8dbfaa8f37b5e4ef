/**
 * The socket rooms a signed-in person's sockets join. Every room but a token's carries the
 * school's schema, and the school is the one whose session table holds the token: a push is
 * addressed within one school and can never reach another's sockets.
 */
export const rooms = {
  school: (schema: string) => `s:${schema}`,
  user: (schema: string, userId: number) => `s:${schema}:u:${userId}`,
  role: (schema: string, role: number) => `s:${schema}:r:${role}`,
  klass: (schema: string, classId: number) => `s:${schema}:c:${classId}`,
  /** A named room a module's socket handler puts sockets in (a virtual class's, a meeting's). */
  named: (schema: string, name: string) => `s:${schema}:n:${name}`,
  /** One session's sockets (its token's hash): closed when it ends. */
  token: (tokenHash: string) => `t:${tokenHash}`,
};
