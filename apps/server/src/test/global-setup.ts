import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

/**
 * Booting PGlite from scratch costs seconds; loading a migrated snapshot costs about one.
 * So the snapshot is made once per run and every test file opens its own fresh copy of it.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplatePath', '');
    return;
  }
  const db = await openPglite();
  await migrate(db);
  const dump = await db.raw.dumpDataDir('none');
  await db.close();
  const path = join(tmpdir(), `backlay-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
}
