/**
 * Attachments: type from the bytes, a size limit, only the owner uploads, only who may see downloads; S3 too.
 * Uploads of every broken shape (empty, cut short, abandoned, stalled, two files) answer at once or are closed,
 * and leave no open descriptor, spool file or row change behind; the download name follows the sniffed type.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { s3Env, startS3rver } from "#tests/helpers/s3";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { ERRORS, MESSAGE_FILE_TEXTS } from "@/shared/contracts/common-texts";
import { endpointUrl } from "@/shared/contracts/endpoint";
import { REQUEST_ERRORS } from "@/shared/contracts/requests-texts";
import { activityLogs, requests } from "../../db/schema";
import { nameForType } from "../../storage/file-names";
import { tooLarge } from "./attachments";

/** A tiny but real PNG (1x1), a PDF header, and an executable (ELF) in disguise. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa9a8f5d30000000049454e44ae426082",
  "hex",
);
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n", "latin1")]);
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypheicmif1heic", "latin1"),
  Buffer.alloc(64, 0),
]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 1)]);
/** A JPEG/HTML polyglot: a valid JPEG header (SOI + JFIF APP0) followed by a page with a script. */
const POLYGLOT = Buffer.concat([
  Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex"),
  Buffer.from("<html><body><script>document.title = 'ran as HTML'</script></body></html>"),
]);
/** Well under the test limit (0.03 MB), big enough to be cut in the middle. */
const PHOTO = Buffer.concat([PNG, Buffer.alloc(20_000, 7)]);

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

/** One multipart body with the given file parts; `end: false` leaves out the closing delimiter. */
function multipartBody(boundary: string, files: Array<{ name: string; content: Buffer }>, end = true) {
  return Buffer.concat([
    ...files.flatMap((file) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    ]),
    Buffer.from(end ? `--${boundary}--\r\n` : ""),
  ]);
}

/** The raw bytes of an upload over HTTP/1.1: the head (Content-Length may claim more than is sent) and the body. */
function rawUpload(user: TestUser, id: string, boundary: string, body: Buffer, contentLength = body.length) {
  const head =
    `POST ${endpointUrl("POST /requests/:id/attachment", { params: { id } })} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${user.cookie}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${contentLength}\r\n` +
    "Connection: close\r\n\r\n";
  return Buffer.concat([Buffer.from(head), body]);
}

/** Resolves when `check` holds; fails (never hangs) after `ms`. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A socket of its own to the listening app, with everything it receives and a promise of its close. */
function openSocket(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  const received: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => received.push(chunk));
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const answer = () => {
    const text = Buffer.concat(received).toString();
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
    return { status, body: text.slice(text.indexOf("\r\n\r\n") + 4) };
  };
  return { socket, closed, answer };
}

/** Sends whole bytes and waits (at most `ms`) for the answer and the server closing the connection. */
async function exchange(port: number, bytes: Buffer, ms = 5000) {
  const { socket, closed, answer } = openSocket(port);
  socket.write(bytes);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([closed, timeout]);
    return answer();
  } finally {
    clearTimeout(timer);
    socket.destroy();
  }
}

const openDescriptors = () => readdirSync("/proc/self/fd").length;

async function suite(ctx: () => TestContext) {
  let ana: TestUser;
  let rui: TestUser;
  let staff: TestUser;
  const newRequest = async (user: TestUser) => {
    const res = await call(
      ctx(),
      "POST /requests",
      { body: { title: "A painting", category: "Other", budget_eur: 900, phone_number: "+351912345678" } },
      as(user),
    );
    return res.json().id;
  };
  const upload = (user: TestUser | null, id: string, name: string, content: Buffer, type?: string) => {
    const { payload, headers } = multipart(name, content, type);
    return ctx().app.inject({
      method: "POST",
      url: endpointUrl("POST /requests/:id/attachment", { params: { id } }),
      payload,
      headers: { ...headers, ...as(user) },
    });
  };
  const download = (user: TestUser | null, id: string) =>
    call(ctx(), "GET /requests/:id/attachment", { params: { id } }, as(user));

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
    const detail = (await call(ctx(), "GET /requests/:id", { params: { id } }, as(ana))).json();
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
    // Another member is told there is no such request (decision 038).
    expect((await download(rui, id)).statusCode).toBe(404);
    expect((await download(null, id)).statusCode).toBe(401);
  });

  it("takes a PDF, and refuses a renamed executable, an oversize file, someone else's or a missing request", async () => {
    const id = await newRequest(ana);
    expect((await upload(ana, id, "brochure.pdf", PDF)).json().type).toBe("application/pdf");
    const exe = await upload(ana, id, "holiday.jpg", ELF, "image/jpeg");
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error).toBe(MESSAGE_FILE_TEXTS.typeRefused);
    // One rule for images everywhere (issue 34 item 10): HEIC is refused here as in a conversation, in its words.
    const heic = await upload(ana, id, "IMG_0001.HEIC", HEIC, "image/heic");
    expect(heic.statusCode).toBe(415);
    expect(heic.json().error).toBe(MESSAGE_FILE_TEXTS.typeRefused);
    const big = await upload(ana, id, "huge.png", Buffer.concat([PNG, Buffer.alloc(40_000, 7)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe(tooLarge(0.03));
    const theirs = await upload(rui, id, "x.png", PNG);
    expect(theirs.statusCode).toBe(404);
    expect((await upload(staff, id, "x.png", PNG)).json().error).toBe(REQUEST_ERRORS.notYourRequest);
    expect((await upload(ana, "00000000-0000-4000-8000-000000000000", "x.png", PNG)).statusCode).toBe(404);
    // The PDF is still the attachment: refused uploads changed nothing.
    const [row] = await ctx().database.db.select().from(requests).where(eq(requests.id, id));
    expect(row.fileType).toBe("application/pdf");
  });

  it("names the file after its real type: an HTML page that is a JPEG downloads as .jpg", async () => {
    const id = await newRequest(ana);
    const res = await upload(ana, id, "x.html", POLYGLOT, "text/html");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ name: "x.jpg", type: "image/jpeg", size: POLYGLOT.length });
    const file = await download(staff, id);
    expect(file.headers["content-type"]).toBe("image/jpeg");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="x.jpg"; filename*=UTF-8''x.jpg`);
    const detail = (await call(ctx(), "GET /requests/:id", { params: { id } }, as(ana))).json();
    expect(detail.attachment?.name).toBe("x.jpg");
    // A name that already says what the file is stays as it is; a name without an extension gains one.
    expect((await upload(ana, id, "photo.JPEG", POLYGLOT)).json().name).toBe("photo.JPEG");
    expect((await upload(ana, id, "scan", PDF)).json().name).toBe("scan.pdf");
    expect((await upload(ana, id, "Invoice 12.05.2024", PDF)).json().name).toBe("Invoice 12.05.2024.pdf");
  });

  it("serves a name stored before that rule with the extension of its type", async () => {
    const id = await newRequest(ana);
    await upload(ana, id, "x.jpg", POLYGLOT);
    await ctx().database.db.update(requests).set({ fileName: "x.html" }).where(eq(requests.id, id));
    const file = await download(ana, id);
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="x.jpg"; filename*=UTF-8''x.jpg`);
    const detail = (await call(ctx(), "GET /requests/:id", { params: { id } }, as(ana))).json();
    expect(detail.attachment?.name).toBe("x.jpg");
  });

  describe("uploads of every broken shape", () => {
    let port: number;
    let id: string;
    let before: Awaited<ReturnType<typeof state>>;
    let descriptors: number;
    const spooled = () => {
      const dir = ctx().app.ctx.storage.spoolDir;
      return existsSync(dir) ? readdirSync(dir) : [];
    };
    async function state() {
      const db = ctx().database.db;
      const [row] = await db.select().from(requests).where(eq(requests.id, id));
      const log = await db.select().from(activityLogs).where(eq(activityLogs.requestId, id));
      return { row, log };
    }
    /** Nothing spooled, no descriptor left open, and the request and its activity as they were. */
    async function leavesNothing() {
      await until("no spool file and no descriptor left open", () => {
        return spooled().length === 0 && openDescriptors() <= descriptors + 2;
      }).catch((error: Error) => {
        const left = `${spooled().length} spool files, ${openDescriptors()} descriptors (${descriptors} before)`;
        throw new Error(`${error.message}: ${left}`);
      });
      expect(await state()).toEqual(before);
    }
    const empty = (boundary: string) => multipartBody(boundary, [{ name: "empty.png", content: Buffer.alloc(0) }]);

    beforeAll(async () => {
      await ctx().app.listen({ port: 0, host: "127.0.0.1" });
      port = (ctx().app.server.address() as { port: number }).port;
      id = await newRequest(ana);
      expect((await upload(ana, id, "first.png", PNG)).statusCode).toBe(201);
      // One good upload over a real connection first, so the pools (database, S3) hold what they keep open,
      const good = await exchange(
        port,
        rawUpload(ana, id, "good", multipartBody("good", [{ name: "a.png", content: PNG }])),
      );
      expect(good.status, good.body).toBe(201);
      // and with a burst of reads, so a PostgreSQL pool has grown to its size before descriptors are counted.
      await Promise.all(
        Array.from({ length: 12 }, () => call(ctx(), "GET /requests/:id", { params: { id } }, as(ana))),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      before = await state();
      descriptors = openDescriptors();
    });

    it("answers an empty file at once with 400 (ten at a time) and keeps nothing", async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => exchange(port, rawUpload(ana, id, `e${i}`, empty(`e${i}`)), 3000)),
      );
      for (const answer of answers) {
        expect(answer.status, answer.body).toBe(400);
        expect(JSON.parse(answer.body).error).toBe(ERRORS.emptyFile);
      }
      await leavesNothing();
    });

    it("answers an empty file through inject as well", async () => {
      for (let i = 0; i < 3; i++) {
        const res = await upload(ana, id, "empty.pdf", Buffer.alloc(0));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: ERRORS.emptyFile, code: "empty_file", key: "error.empty_file" });
      }
      await leavesNothing();
    });

    it("refuses a multipart body cut short (mid-file, or without its closing delimiter) with 400", async () => {
      const cut = multipartBody("cut", [{ name: "cut.png", content: PHOTO }]).subarray(0, 5000);
      const open = multipartBody("open", [{ name: "open.png", content: PNG }], false);
      for (const [boundary, body] of [
        ["cut", cut],
        ["open", open],
      ] as const) {
        const answer = await exchange(port, rawUpload(ana, id, boundary, body));
        expect(answer.status, answer.body).toBe(400);
        expect(JSON.parse(answer.body).error).toBe(ERRORS.uploadBroken);
      }
      await leavesNothing();
    });

    it("keeps nothing when the connection ends before the body it announced", async () => {
      const body = multipartBody("short", [{ name: "short.png", content: PHOTO }]);
      const { socket, closed } = openSocket(port);
      socket.end(rawUpload(ana, id, "short", body.subarray(0, 8000), body.length));
      await until("the server to close the connection", async () => {
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 50))]);
        return socket.destroyed;
      });
      await leavesNothing();
    });

    it("keeps nothing when the client goes away mid-file", async () => {
      for (let i = 0; i < 3; i++) {
        const body = multipartBody(`gone${i}`, [{ name: "gone.png", content: PHOTO }]);
        const { socket, closed } = openSocket(port);
        socket.write(rawUpload(ana, id, `gone${i}`, body.subarray(0, 8000), body.length));
        await until("the file to reach the spool", () => spooled().length > 0);
        socket.destroy();
        await closed;
      }
      await leavesNothing();
    });

    it("closes an upload that stops arriving, and keeps nothing", async () => {
      const body = multipartBody("stall", [{ name: "stall.png", content: PHOTO }]);
      const { socket, closed } = openSocket(port);
      socket.write(rawUpload(ana, id, "stall", body.subarray(0, 8000), body.length));
      await until("the file to reach the spool", () => spooled().length > 0);
      // UPLOAD_IDLE_SECONDS is 1 here: the server hangs up well within the wait.
      await until("the server to close the stalled upload", async () => {
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 50))]);
        return socket.destroyed;
      });
      await leavesNothing();
    });

    it("answers an oversize file over a real connection with 413, and keeps nothing", async () => {
      const big = multipartBody("big", [{ name: "big.png", content: Buffer.concat([PNG, Buffer.alloc(200_000, 7)]) }]);
      const answer = await exchange(port, rawUpload(ana, id, "big", big));
      expect(answer.status, answer.body).toBe(413);
      expect(JSON.parse(answer.body).error).toBe(tooLarge(0.03));
      await leavesNothing();
    });

    it("refuses two file parts with 400 and keeps neither", async () => {
      const body = multipartBody("two", [
        { name: "one.png", content: PNG },
        { name: "two.pdf", content: PDF },
      ]);
      for (let i = 0; i < 3; i++) {
        const answer = await exchange(port, rawUpload(ana, id, "two", body));
        expect(answer.status, answer.body).toBe(400);
        expect(JSON.parse(answer.body).error).toBe(ERRORS.oneFile);
      }
      await leavesNothing();
    });
  });

  it("deletes the file with its request", async () => {
    const id = await newRequest(ana);
    await upload(ana, id, "a.png", PNG);
    const [row] = await ctx().database.db.select().from(requests).where(eq(requests.id, id));
    const stream = await ctx().app.ctx.storage.get(row.fileUrl as string);
    stream.destroy();
    await call(ctx(), "DELETE /requests/:id", { params: { id } }, as(ana));
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
    ctx = await createTestApp({
      env: { DATA_DIR: dataDir, UPLOAD_MAX_MB: "0.03", UPLOAD_IDLE_SECONDS: "1" },
      deps: { startWorkers: false },
    });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  suite(() => ctx);
  it("keeps files under DATA_DIR/uploads and leaves no spooled file behind", () => {
    expect(existsSync(path.join(dataDir, "uploads", "requests"))).toBe(true);
    expect(readdirSync(ctx.app.ctx.storage.spoolDir)).toEqual([]);
  });
});

describe("attachments in S3-compatible storage", () => {
  let ctx: TestContext;
  let server: S3rver;
  const directory = mkdtempSync(path.join(tmpdir(), "maison-s3-"));
  const spoolRoot = mkdtempSync(path.join(tmpdir(), "maison-s3-spool-"));
  beforeAll(async () => {
    let port: number;
    ({ server, port } = await startS3rver(directory));
    ctx = await createTestApp({
      env: { UPLOAD_MAX_MB: "0.03", UPLOAD_IDLE_SECONDS: "1", ...s3Env(port, spoolRoot) },
      deps: { startWorkers: false },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
    rmSync(directory, { recursive: true, force: true });
    rmSync(spoolRoot, { recursive: true, force: true });
  });
  suite(() => ctx);
  it("uses the S3 driver", () => {
    expect(ctx.app.ctx.storage.kind).toBe("s3");
  });
});

describe("attachments when S3 storage fails", () => {
  let ctx: TestContext;
  const dataDir = mkdtempSync(path.join(tmpdir(), "maison-s3-down-"));
  beforeAll(async () => {
    ctx = await createTestApp({
      // Nothing listens on port 9: every put fails.
      env: s3Env(9, dataDir),
      deps: { startWorkers: false },
    });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a failed put with a clear 503 and leaves no spool file, no row change and no activity", async () => {
    const ana = await createUser(ctx, { plan: "gold" });
    const created = await call(
      ctx,
      "POST /requests",
      { body: { title: "A painting", category: "Other", budget_eur: 900, phone_number: "+351912345678" } },
      as(ana),
    );
    const { id } = created.json();
    const [before] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
    const logsBefore = await ctx.database.db.select().from(activityLogs).where(eq(activityLogs.requestId, id));
    const { payload, headers } = multipart("a.png", PNG);
    const res = await ctx.app.inject({
      method: "POST",
      url: endpointUrl("POST /requests/:id/attachment", { params: { id } }),
      payload,
      headers: { ...headers, ...as(ana) },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: ERRORS.storageUnavailable, code: "storage_unavailable" });
    expect(readdirSync(ctx.app.ctx.storage.spoolDir)).toEqual([]);
    const [after] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
    expect(after).toEqual(before);
    expect(await ctx.database.db.select().from(activityLogs).where(eq(activityLogs.requestId, id))).toEqual(logsBefore);
  });
});

describe("the name a file is kept and served under", () => {
  it.each([
    ["x.html", "image/jpeg", "x.jpg"],
    ["photo.JPEG", "image/jpeg", "photo.JPEG"],
    ["photo.jpg", "image/jpeg", "photo.jpg"],
    ["scan", "application/pdf", "scan.pdf"],
    ["report.PDF", "application/pdf", "report.PDF"],
    ["Invoice 12.05.2024", "application/pdf", "Invoice 12.05.2024.pdf"],
    ["drawing.svg", "image/png", "drawing.png"],
    ["page.htm", "image/webp", "page.webp"],
    ["IMG_0001.HEIF", "image/heic", "IMG_0001.HEIF"],
    [".html", "image/png", ".html.png"],
    ["x.", "image/png", "x.png"],
    ["a".repeat(200), "image/webp", `${"a".repeat(195)}.webp`],
    ["x.html", null, "x.html"],
  ])("%s as %s is %s", (name, type, expected) => {
    expect(nameForType(name, type)).toBe(expected);
    expect(nameForType(name, type).length).toBeLessThanOrEqual(200);
  });
});
