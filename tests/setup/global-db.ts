/**
 * Prepares one migrated database per test run, which each test file then copies cheaply:
 * - PGlite: a dumped data directory (a fresh PGlite takes ~5 s to initialise; loading a dump is fast);
 * - PostgreSQL (TEST_DATABASE_URL): a template database, copied with CREATE DATABASE ... TEMPLATE.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db";
import { adminUrl, databaseUrl } from "../helpers/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DB_DRIVER ?? process.env.TEST_DB_DRIVER;
  if (driver === "postgres") return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "maison-pglite-"));
  const handle = await openDatabase({ kind: "pglite" });
  await handle.migrate();
  const { PGlite } = await import("@electric-sql/pglite");
  const client = (handle as unknown as { db: { $client: InstanceType<typeof PGlite> } }).db.$client;
  const dump = await client.dumpDataDir("none");
  const file = path.join(dir, "snapshot.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteSnapshot", file);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is required for the postgres test project");
  const pg = (await import("pg")).default;
  const template = `maison_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl(base) });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const handle = await openDatabase({ kind: "postgres", url: databaseUrl(base, template), max: 1 });
  await handle.migrate();
  await handle.close();
  project.provide("postgresTemplate", template);
  return async () => {
    // Test files drop their own copies; anything left (a crashed run) goes with the prefix.
    const left = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1 or datname = $2",
      [`maison_t_${process.pid}_%`, template],
    );
    for (const row of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
  };
}
