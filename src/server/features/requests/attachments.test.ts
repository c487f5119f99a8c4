/** Attachments: type from the bytes, a size limit, only the owner uploads, only who may see downloads; S3 too. */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { requests } from "../../db/schema";
import { NOT_YOUR_REQUEST, TYPE_REFUSED, tooLarge } from "./attachments";

/** A tiny but real PNG (1x1), a PDF header, and an executable (ELF) in disguise. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa9a8f5d30000000049454e44ae426082",
  "hex",
);
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n", "latin1")]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 1)]);

function multipart(filename: string, content: Buffer, type = "application/octet-stream") {
  const boundary = `----maison${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function suite(ctx: () => TestContext) {
  let ana: TestUser;
  let rui: TestUser;
  let staff: TestUser;
  const newRequest = async (user: TestUser) => {
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/requests",
      headers: as(user),
      payload: { title: "A painting", category: "Other", budget_eur: 900, phone_number: "+351912345678" },
    });
    return res.json().id as string;
  };
  const upload = (user: TestUser | null, id: string, name: string, content: Buffer, type?: string) => {
    const { payload, headers } = multipart(name, content, type);
    return ctx().app.inject({
      method: "POST",
      url: `/api/requests/${id}/attachment`,
      payload,
      headers: { ...headers, ...as(user) },
    });
  };
  const download = (user: TestUser | null, id: string) =>
    ctx().app.inject({ method: "GET", url: `/api/requests/${id}/attachment`, headers: as(user) });

  beforeAll(async () => {
    ana = await createUser(ctx(), { plan: "gold" });
    rui = await createUser(ctx(), { plan: "gold" });
    staff = await createUser(ctx(), { role: "staff" });
  });

  it("keeps an image, serves it back as a download to the owner and staff only, with its type and nosniff", async () => {
    const id = await newRequest(ana);
    const res = await upload(ana, id, "../../etc/été.png", PNG, "text/html");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ name: "été.png", type: "image/png", size: PNG.length });
    const detail = (await ctx().app.inject({ method: "GET", url: `/api/requests/${id}`, headers: as(ana) })).json();
    expect(detail.attachment).toEqual({ name: "été.png", type: "image/png", size: PNG.length });
    for (const user of [ana, staff]) {
      const file = await download(user, id);
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/png");
      expect(file.headers["content-disposition"]).toBe(
        `attachment; filename="_t_.png"; filename*=UTF-8''%C3%A9t%C3%A9.png`,
      );
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.rawPayload.equals(PNG)).toBe(true);
    }
    expect((await download(rui, id)).statusCode).toBe(403);
    expect((await download(null, id)).statusCode).toBe(401);
  });

  it("takes a PDF, and refuses a renamed executable, an oversize file, someone else's or a missing request", async () => {
    const id = await newRequest(ana);
    expect((await upload(ana, id, "brochure.pdf", PDF)).json().type).toBe("application/pdf");
    const exe = await upload(ana, id, "holiday.jpg", ELF, "image/jpeg");
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error).toBe(TYPE_REFUSED);
    const big = await upload(ana, id, "huge.png", Buffer.concat([PNG, Buffer.alloc(40_000, 7)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe(tooLarge(0.03));
    const theirs = await upload(rui, id, "x.png", PNG);
    expect(theirs.statusCode).toBe(403);
    expect((await upload(staff, id, "x.png", PNG)).json().error).toBe(NOT_YOUR_REQUEST);
    expect((await upload(ana, "00000000-0000-4000-8000-000000000000", "x.png", PNG)).statusCode).toBe(404);
    // The PDF is still the attachment: refused uploads changed nothing.
    const [row] = await ctx().database.db.select().from(requests).where(eq(requests.id, id));
    expect(row.fileType).toBe("application/pdf");
  });

  it("deletes the file with its request", async () => {
    const id = await newRequest(ana);
    await upload(ana, id, "a.png", PNG);
    const [row] = await ctx().database.db.select().from(requests).where(eq(requests.id, id));
    const stream = await ctx().app.ctx.storage.get(row.fileUrl as string);
    stream.destroy();
    await ctx().app.inject({ method: "DELETE", url: `/api/requests/${id}`, headers: as(ana) });
    await expect(
      ctx()
        .app.ctx.storage.get(row.fileUrl as string)
        .then(async (s) => {
          for await (const _ of s) {
          }
        }),
    ).rejects.toThrow();
  });
}

describe("attachments on local disk", () => {
  let ctx: TestContext;
  const dataDir = mkdtempSync(path.join(tmpdir(), "maison-uploads-"));
  beforeAll(async () => {
    ctx = await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_MAX_MB: "0.03" }, deps: { startWorkers: false } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  suite(() => ctx);
  it("keeps files under DATA_DIR/uploads and leaves no spooled file behind", () => {
    expect(existsSync(path.join(dataDir, "uploads", "requests"))).toBe(true);
    expect(readdirSync(path.join(dataDir, "spool"))).toEqual([]);
  });
});

describe("attachments in S3-compatible storage", () => {
  let ctx: TestContext;
  let server: S3rver;
  const directory = mkdtempSync(path.join(tmpdir(), "maison-s3-"));
  beforeAll(async () => {
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: "maison" }],
    });
    const { port } = await server.run();
    ctx = await createTestApp({
      env: {
        UPLOAD_MAX_MB: "0.03",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "maison-s3-spool-")),
        S3_BUCKET: "maison",
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
      },
      deps: { startWorkers: false },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });
  suite(() => ctx);
  it("uses the S3 driver", () => {
    expect(ctx.app.ctx.storage.kind).toBe("s3");
  });
});
