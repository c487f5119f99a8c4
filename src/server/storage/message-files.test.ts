/**
 * Files in conversations (issue 22 item 6), both domains through the API: types read from the bytes, the size
 * limit, pending files owned by their uploader and claimed once by a message of the same thread, at most five,
 * a message of files only but never empty, downloads only to those who see the thread (404 to anyone else),
 * the concierge's plan gate, expiry of files never sent, and the thread answering the files.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq, inArray } from "drizzle-orm";
import type S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { insertRequest } from "#tests/helpers/requests";
import { s3Env, startS3rver } from "#tests/helpers/s3";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { ERRORS, MESSAGE_FILE_TEXTS, MESSAGES } from "@/shared/contracts/common-texts";
import { CONCIERGE_ERRORS } from "@/shared/contracts/concierge-texts";
import { endpointUrl } from "@/shared/contracts/endpoint";
import { messageFiles, messages, notifications } from "../db/schema";
import { limitMessageFiles, MESSAGE_FILES_PER_TEN_MINUTES } from "../rate-limit";
import { dropExpired } from "./message-files";
import { tooLarge } from "./uploads";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa9a8f5d30000000049454e44ae426082",
  "hex",
);
const PDF = Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n", "latin1");
const HTML = Buffer.from("<html><script>alert(1)</script></html>");

function multipart(filename: string, content: Buffer) {
  const boundary = `----maison${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "maison-message-files-"));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_MAX_MB: "0.03" }, deps: { startWorkers: false } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type UploadKey = "POST /requests/:id/messages/files" | "POST /concierge/files" | "POST /admin/concierge/:userId/files";
/** A multipart upload, the one body the typed client does not send. */
const upload = (user: TestUser | null, key: UploadKey, params: object, name: string, content: Buffer) => {
  const body = multipart(name, content);
  const url = endpointUrl(key, { params });
  return ctx.app.inject({ method: "POST", url, headers: { ...as(user), ...body.headers }, payload: body.payload });
};

const requestOf = (member: TestUser, app: TestContext = ctx) => insertRequest(app, member.id);

describe("files in a request's thread", () => {
  it("takes a photo or a PDF by its bytes, refuses other types and oversize files", async () => {
    const member = await createUser(ctx);
    const id = await requestOf(member);
    const photo = await upload(member, "POST /requests/:id/messages/files", { id }, "watch.png", PNG);
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json()).toMatchObject({ name: "watch.png", type: "image/png", size: PNG.length });
    const pdf = await upload(member, "POST /requests/:id/messages/files", { id }, "invoice", PDF);
    expect(pdf.json()).toMatchObject({ name: "invoice.pdf", type: "application/pdf" });
    // The text rules of names (issue 34 item 18): no bidirectional controls to spoof the extension, composed.
    const spoof = await upload(member, "POST /requests/:id/messages/files", { id }, "evil\u202Egnp.png", PNG);
    expect(spoof.json()).toMatchObject({ name: "evilgnp.png" });
    const accent = await upload(member, "POST /requests/:id/messages/files", { id }, "Herme\u0300s\u2066.png", PNG);
    expect(accent.json()).toMatchObject({ name: "Herm\u00e8s.png" });
    const html = await upload(member, "POST /requests/:id/messages/files", { id }, "photo.png", HTML);
    expect(html.statusCode).toBe(415);
    expect(html.json().error).toBe(MESSAGE_FILE_TEXTS.typeRefused);
    const big = await upload(
      member,
      "POST /requests/:id/messages/files",
      { id },
      "big.png",
      Buffer.concat([PNG, Buffer.alloc(40_000)]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe(tooLarge(0.03));
    // Nothing refused was kept.
    const rows = await ctx.database.db.select().from(messageFiles).where(eq(messageFiles.requestId, id));
    expect(rows).toHaveLength(4);
  });

  it("sends a message of files only, shows them in the thread to both sides, and serves them to those only", async () => {
    const member = await createUser(ctx, { name: "Ana" });
    const staff = await createUser(ctx, { role: "staff" });
    const other = await createUser(ctx);
    const id = await requestOf(member);
    const file = (await upload(member, "POST /requests/:id/messages/files", { id }, "kelly.png", PNG)).json();
    // A pending file is nobody's to download yet.
    expect(
      (await call(ctx, "GET /requests/:id/messages/files/:fileId", { params: { id, fileId: file.id } }, as(member)))
        .statusCode,
    ).toBe(404);
    const sent = await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id }, body: { body: "", fileIds: [file.id] } },
      as(member),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    for (const viewer of [member, staff]) {
      const thread = (await call(ctx, "GET /requests/:id/messages", { params: { id } }, as(viewer))).json();
      expect(thread.messages.at(-1)).toMatchObject({ body: "", files: [{ id: file.id, name: "kelly.png" }] });
      const download = await call(
        ctx,
        "GET /requests/:id/messages/files/:fileId",
        { params: { id, fileId: file.id } },
        as(viewer),
      );
      expect(download.statusCode).toBe(200);
      expect(download.headers["content-type"]).toBe("image/png");
      expect(download.headers["content-disposition"]).toMatch(/^inline; filename="kelly.png"/);
      expect(download.headers["x-content-type-options"]).toBe("nosniff");
      expect(download.rawPayload.equals(PNG)).toBe(true);
    }
    // Another member: not found, as is the file asked for through another request.
    expect(
      (await call(ctx, "GET /requests/:id/messages/files/:fileId", { params: { id, fileId: file.id } }, as(other)))
        .statusCode,
    ).toBe(404);
    const otherId = await requestOf(other);
    expect(
      (
        await call(
          ctx,
          "GET /requests/:id/messages/files/:fileId",
          { params: { id: otherId, fileId: file.id } },
          as(other),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx, "GET /requests/:id/messages/files/:fileId", { params: { id, fileId: file.id } })).statusCode,
    ).toBe(401);
    // The team's notice says a file came.
    const [notice] = await ctx.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(eq(notifications.requestId, id))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    expect(notice?.body).toBe("Ana: 1 file");
  });

  it("refuses an empty message, a file of someone else, one used twice, from another thread, or more than five", async () => {
    const member = await createUser(ctx);
    const staff = await createUser(ctx, { role: "staff" });
    const id = await requestOf(member);
    const otherId = await requestOf(member);
    expect(
      (await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "  " } }, as(member))).json()
        .error,
    ).toBe(MESSAGES.enterMessage);
    expect(
      (
        await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "", fileIds: [] } }, as(member))
      ).json().error,
    ).toBe(MESSAGES.enterMessage);

    const staffFile = (await upload(staff, "POST /requests/:id/messages/files", { id }, "a.png", PNG)).json();
    const before = await ctx.database.db.select().from(messages).where(eq(messages.requestId, id));
    const stolen = await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id }, body: { body: "Mine now", fileIds: [staffFile.id] } },
      as(member),
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe(MESSAGE_FILE_TEXTS.notYours);
    // Nothing half-written: no message, the file still pending.
    expect(await ctx.database.db.select().from(messages).where(eq(messages.requestId, id))).toHaveLength(before.length);

    const elsewhere = (await upload(member, "POST /requests/:id/messages/files", { id: otherId }, "b.png", PNG)).json();
    expect(
      (
        await call(
          ctx,
          "POST /requests/:id/messages",
          { params: { id }, body: { body: "x", fileIds: [elsewhere.id] } },
          as(member),
        )
      ).statusCode,
    ).toBe(400);

    const mine = (await upload(member, "POST /requests/:id/messages/files", { id }, "c.png", PNG)).json();
    expect(
      (
        await call(
          ctx,
          "POST /requests/:id/messages",
          { params: { id }, body: { body: "x", fileIds: [mine.id, mine.id] } },
          as(member),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(
          ctx,
          "POST /requests/:id/messages",
          { params: { id }, body: { body: "x", fileIds: [mine.id] } },
          as(member),
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await call(
          ctx,
          "POST /requests/:id/messages",
          { params: { id }, body: { body: "again", fileIds: [mine.id] } },
          as(member),
        )
      ).json().error,
    ).toBe(MESSAGE_FILE_TEXTS.notYours);

    const six = Array.from({ length: 6 }, () => crypto.randomUUID());
    const many = await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id }, body: { body: "x", fileIds: six } },
      as(member),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toBe(MESSAGE_FILE_TEXTS.tooMany);
    expect(
      (
        await call(
          ctx,
          "POST /requests/:id/messages",
          { params: { id }, body: { body: "x", fileIds: ["not-a-uuid"] } },
          as(member),
        )
      ).statusCode,
    ).toBe(400);
  });

  it("drops a file never sent after a day; it can no longer be sent", async () => {
    const member = await createUser(ctx);
    const id = await requestOf(member);
    const file = (await upload(member, "POST /requests/:id/messages/files", { id }, "late.png", PNG)).json();
    await ctx.database.db
      .update(messageFiles)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(messageFiles.id, file.id));
    expect(
      (
        await call(
          ctx,
          "POST /requests/:id/messages",
          { params: { id }, body: { body: "", fileIds: [file.id] } },
          as(member),
        )
      ).statusCode,
    ).toBe(400);
    expect(await dropExpired(ctx.app.ctx, "requests")).toBeGreaterThanOrEqual(1);
    expect(await ctx.database.db.select().from(messageFiles).where(eq(messageFiles.id, file.id))).toHaveLength(0);
  });

  it("removes the thread's stored files with the request", async () => {
    const member = await createUser(ctx);
    const id = await requestOf(member);
    const file = (await upload(member, "POST /requests/:id/messages/files", { id }, "gone.png", PNG)).json();
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id }, body: { body: "", fileIds: [file.id] } },
      as(member),
    );
    const [row] = await ctx.database.db.select().from(messageFiles).where(eq(messageFiles.id, file.id));
    expect((await call(ctx, "DELETE /requests/:id", { params: { id } }, as(member))).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(messageFiles).where(eq(messageFiles.id, file.id))).toHaveLength(0);
    await expect(ctx.app.ctx.storage.get(row.storageKey)).rejects.toThrow();
  });

  it("previews a message of files only in the lists, and limits how fast files are uploaded", async () => {
    const member = await createUser(ctx);
    const staff = await createUser(ctx, { role: "staff" });
    const id = await requestOf(member);
    const file = (await upload(member, "POST /requests/:id/messages/files", { id }, "p.png", PNG)).json();
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id }, body: { body: "", fileIds: [file.id] } },
      as(member),
    );
    const mine = (await call(ctx, "GET /messages/conversations", {}, as(member))).json().items;
    expect(mine.find((c) => c.id === id)!.lastMessage).toBe(MESSAGE_FILE_TEXTS.filesOnly);
    const inbox = (await call(ctx, "GET /admin/inbox/messages", {}, as(staff))).json().items;
    expect(inbox.find((m) => m.request.id === id)!.body).toBe(MESSAGE_FILE_TEXTS.filesOnly);

    for (let i = 1; i < MESSAGE_FILES_PER_TEN_MINUTES; i++) await limitMessageFiles(ctx.app.ctx.limiter, member.id);
    const tooFast = await upload(member, "POST /requests/:id/messages/files", { id }, "q.png", PNG);
    expect(tooFast.statusCode).toBe(429);
    expect(tooFast.json().error).toBe(ERRORS.filesTooFast);
  });

  it("lets another member neither upload to nor send in the thread", async () => {
    const member = await createUser(ctx);
    const other = await createUser(ctx);
    const id = await requestOf(member);
    expect((await upload(other, "POST /requests/:id/messages/files", { id }, "x.png", PNG)).statusCode).toBe(404);
  });
});

describe("files when an account is deleted", () => {
  it("removes the stored files of the member's request threads and concierge chat", async () => {
    const gold = await createUser(ctx, { plan: "gold" });
    const staff = await createUser(ctx, { role: "staff" });
    const id = await requestOf(gold);
    const inThread = (await upload(staff, "POST /requests/:id/messages/files", { id }, "s.png", PNG)).json();
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id }, body: { body: "", fileIds: [inThread.id] } },
      as(staff),
    );
    const inChat = (await upload(gold, "POST /concierge/files", {}, "c.png", PNG)).json();
    await call(ctx, "POST /concierge/messages", { body: { message: "", fileIds: [inChat.id] } }, as(gold));
    const rows = await ctx.database.db
      .select({ key: messageFiles.storageKey })
      .from(messageFiles)
      .where(inArray(messageFiles.id, [inThread.id, inChat.id]));
    expect(rows).toHaveLength(2);
    expect((await call(ctx, "DELETE /account", { body: undefined }, as(gold))).statusCode).toBe(200);
    for (const { key } of rows) await expect(ctx.app.ctx.storage.get(key)).rejects.toThrow();
  });
});

describe("files in the concierge chat", () => {
  it("is for members with the concierge in their plan; staff reply with files; downloads to the member and staff only", async () => {
    const gold = await createUser(ctx, { plan: "gold", name: "Ines" });
    const silver = await createUser(ctx, { plan: "silver" });
    const black = await createUser(ctx, { plan: "black" });
    const staff = await createUser(ctx, { role: "staff" });

    const refused = await upload(silver, "POST /concierge/files", {}, "x.png", PNG);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(CONCIERGE_ERRORS.conciergePlanRequired);
    expect((await upload(gold, "POST /concierge/files", {}, "x.html", HTML)).statusCode).toBe(415);

    const file = (await upload(gold, "POST /concierge/files", {}, "table.png", PNG)).json();
    // Staff cannot send the member's file as theirs, nor another member as theirs.
    expect(
      (
        await call(
          ctx,
          "POST /admin/concierge/:userId",
          { params: { userId: gold.id }, body: { reply: "", fileIds: [file.id] } },
          as(staff),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await call(ctx, "POST /concierge/messages", { body: { message: "", fileIds: [file.id] } }, as(black)))
        .statusCode,
    ).toBe(400);
    const sent = await call(ctx, "POST /concierge/messages", { body: { message: "", fileIds: [file.id] } }, as(gold));
    expect(sent.statusCode, sent.body).toBe(201);

    const list = (await call(ctx, "GET /admin/concierge", {}, as(staff))).json().items;
    expect(list.find((c) => c.userId === gold.id)!.lastMessage).toBe(MESSAGE_FILE_TEXTS.filesOnly);
    const thread = (await call(ctx, "GET /admin/concierge/:userId", { params: { userId: gold.id } }, as(staff))).json();
    expect(thread.messages.at(-1)).toMatchObject({ message: "", files: [{ id: file.id, type: "image/png" }] });
    /** The file downloaded by `member` from their chat, and by staff from that member's chat: the two statuses. */
    const downloads = async (member: TestUser) => [
      (await call(ctx, "GET /concierge/files/:fileId", { params: { fileId: file.id } }, as(member))).statusCode,
      (
        await call(
          ctx,
          "GET /admin/concierge/:userId/files/:fileId",
          { params: { userId: member.id, fileId: file.id } },
          as(staff),
        )
      ).statusCode,
    ];
    expect(await downloads(gold)).toEqual([200, 200]);
    expect(await downloads(black)).toEqual([404, 404]);

    const pdf = (
      await upload(staff, "POST /admin/concierge/:userId/files", { userId: gold.id }, "menu.pdf", PDF)
    ).json();
    const reply = await call(
      ctx,
      "POST /admin/concierge/:userId",
      { params: { userId: gold.id }, body: { reply: "The menu", fileIds: [pdf.id] } },
      as(staff),
    );
    expect(reply.statusCode, reply.body).toBe(201);
    const mine = (await call(ctx, "GET /concierge/messages", {}, as(gold))).json();
    expect(mine.messages.at(-1)).toMatchObject({ message: "The menu", files: [{ name: "menu.pdf" }] });
    const download = await call(ctx, "GET /concierge/files/:fileId", { params: { fileId: pdf.id } }, as(gold));
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename="menu.pdf"/);
    // A staff file for another member's chat cannot go into this one.
    const forBlack = (
      await upload(staff, "POST /admin/concierge/:userId/files", { userId: black.id }, "b.png", PNG)
    ).json();
    expect(
      (
        await call(
          ctx,
          "POST /admin/concierge/:userId",
          { params: { userId: gold.id }, body: { reply: "x", fileIds: [forBlack.id] } },
          as(staff),
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe("files while the object store is down", () => {
  let s3: S3rver;
  let port: number;
  let own: TestContext;
  const directory = mkdtempSync(path.join(tmpdir(), "maison-s3-outage-"));
  const spoolRoot = mkdtempSync(path.join(tmpdir(), "maison-s3-outage-spool-"));
  const startS3 = async () => {
    ({ server: s3, port } = await startS3rver(directory, port));
  };
  /** Stops it as an outage does: no new connection, and the open ones cut. */
  const stopS3 = async () => {
    const closing = s3.close();
    (s3 as unknown as { httpServer: { closeAllConnections(): void } }).httpServer.closeAllConnections();
    await closing;
  };
  beforeAll(async () => {
    port = 0;
    await startS3();
    own = await createTestApp({
      env: s3Env(port, spoolRoot),
      deps: { startWorkers: false },
    });
  });
  afterAll(async () => {
    await own.close();
    await s3.close().catch(() => {});
    rmSync(directory, { recursive: true, force: true });
    rmSync(spoolRoot, { recursive: true, force: true });
  });
  const send = (user: TestUser, method: "GET" | "POST", url: string, file?: Buffer) => {
    const body = file ? multipart("photo.png", file) : null;
    return own.app.inject({
      method,
      url,
      headers: { ...as(user), ...body?.headers },
      ...(body ? { payload: body.payload } : {}),
    });
  };

  it("refuses uploads with a clear 503 and keeps nothing of them; reads say so too; both work once it is back", async () => {
    const member = await createUser(own);
    const id = await requestOf(member, own);
    const files = endpointUrl("POST /requests/:id/messages/files", { params: { id } });
    const fileUrl = (fileId: string) =>
      endpointUrl("GET /requests/:id/messages/files/:fileId", { params: { id, fileId } });
    const before = (await send(member, "POST", files, PNG)).json();
    expect(
      (
        await call(
          own,
          "POST /requests/:id/messages",
          { params: { id }, body: { body: "", fileIds: [before.id] } },
          as(member),
        )
      ).statusCode,
    ).toBe(201);

    await stopS3();
    const refused = await send(member, "POST", files, PNG);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: ERRORS.storageUnavailable, code: "storage_unavailable" });
    expect(refused.headers["retry-after"]).toBe("30");
    // Nothing half-written: no row for it, no spooled copy.
    const rows = await own.database.db.select().from(messageFiles).where(eq(messageFiles.requestId, id));
    expect(rows.map((r) => r.id)).toEqual([before.id]);
    expect(readdirSync(own.app.ctx.storage.spoolDir)).toEqual([]);
    // A file that exists is not "not found" because the store cannot be reached.
    const read = await send(member, "GET", fileUrl(before.id));
    expect(read.statusCode).toBe(503);
    expect(read.json().error).toBe(ERRORS.storageUnavailable);

    await startS3();
    const after = await send(member, "POST", files, PNG);
    expect(after.statusCode, after.body).toBe(201);
    const download = await send(member, "GET", fileUrl(before.id));
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG)).toBe(true);
  });
});
