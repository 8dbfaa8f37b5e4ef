import path from 'node:path';

/** Runtime settings, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Public address used in links sent by e-mail. */
  publicUrl: string;
  /** Directory of the built browser app, served as static files. */
  clientDir: string;
  /** Requests per minute allowed on login, forgot-password and guest-token calls per client and account. */
  authRateLimit: number;
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist/client'),
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 20),
    seedDemo: env.SEED_DEMO !== '0',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'no-reply@school.local',
  };
}
