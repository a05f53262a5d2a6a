import type { App } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { startTestApp } from './helpers.ts';
import { startSmtpServer } from './smtp.ts';

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * A test app whose mail goes to a real SMTP server of its own (its other settings as `overrides`
 * say). The caller closes the SMTP server after the file's tests; the app is closed as every test app is.
 */
export async function startAppWithSmtp(
  overrides: Partial<AppConfig> = {},
): Promise<{ app: App; smtp: SmtpTestServer }> {
  const smtp = await startSmtpServer();
  const app = await startTestApp({ smtpUrl: smtp.url, ...overrides });
  return { app, smtp };
}
