import { startPortalProcess } from '../../tools/portal-process.ts';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
  }
}

export const E2E_ADMIN = { email: 'operator@e2e.local', password: 'operator-e2e-pass' };

/** Starts the real portal entry point (server.ts) on a free port with a throw-away embedded database. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const portal = await startPortalProcess({
    dataDirPrefix: 'backlay-e2e-',
    env: { ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password },
  });
  project.provide('baseUrl', portal.baseUrl);
  project.provide('adminEmail', E2E_ADMIN.email);
  project.provide('adminPassword', E2E_ADMIN.password);
  return portal.stop;
}
