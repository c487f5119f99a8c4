/**
 * Web Push for tests: a device (a browser's push subscription with real keys, so what is sent to it can be
 * decrypted), and a stand-in push service on the loopback address that speaks the receiving side of the
 * protocol: it checks each push carries `Content-Encoding: aes128gcm`, a `TTL` and `Authorization: vapid t=…, k=…`
 * whose JWT (ES256) verifies with the key it names, decrypts the body for the device it is addressed to
 * (RFC 8291), and answers 201, or whatever status the test asks for next.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface TestDevice {
  /** Where the push service receives this device's pushes. */
  endpoint: string;
  /** What the browser's PushSubscription.toJSON() gives. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The plaintext of an aes128gcm body sent to this device. */
  decrypt(body: Buffer): string;
}

let devices = 0;

/** A device whose endpoint is on `origin` (the stand-in's, or any push service's for a device never sent to). */
export function pushDevice(origin = "http://127.0.0.1:9"): TestDevice {
  devices += 1;
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const publicKey = ecdh.getPublicKey();
  const authSecret = randomBytes(16);
  const endpoint = `${origin}/push/device-${devices}-${randomBytes(6).toString("hex")}`;
  return {
    endpoint,
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: publicKey.toString("base64url"), auth: authSecret.toString("base64url") },
    },
    decrypt(body) {
      // The header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, keyInfo, 32));
      const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
      const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
      const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then padding zeros.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error("not the last record of an aes128gcm body");
      return padded.subarray(0, end).toString("utf8");
    },
  };
}

/** A push as the stand-in received it. */
export interface ReceivedPush {
  path: string;
  headers: IncomingMessage["headers"];
  /** The VAPID JWT's claims, once its signature was verified with the key the request names. */
  claims: { aud: string; exp: number; sub: string };
  /** The key the request was signed with (base64url). */
  signedWith: string;
  /** The decrypted message, parsed. */
  message: Record<string, unknown>;
  /** What the stand-in answered. */
  status: number;
}

export interface PushService {
  origin: string;
  received: ReceivedPush[];
  /** Requests it refused as not the protocol (a missing header, a bad signature, a body it could not decrypt). */
  malformed: string[];
  /** The statuses to answer the next pushes with, in order (then 201 again). */
  answerNext(...statuses: number[]): void;
  /** Forgets what it received and any answers still queued. */
  reset(): void;
  /** A device whose pushes this service receives and decrypts. */
  device(): TestDevice;
  close(): Promise<void>;
}

/** The JWT's claims, if its ES256 signature verifies with the uncompressed P-256 key `k` (base64url). */
function verifiedClaims(jwt: string, k: string) {
  const [header, payload, signature] = jwt.split(".");
  const { alg } = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg: string };
  if (alg !== "ES256") throw new Error(`JWT alg ${alg}`);
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 key");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the VAPID signature does not verify");
  return JSON.parse(Buffer.from(payload, "base64url").toString()) as ReceivedPush["claims"];
}

export async function startPushService(): Promise<PushService> {
  const known = new Map<string, TestDevice>();
  const received: ReceivedPush[] = [];
  const malformed: string[] = [];
  const queue: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      try {
        const body = Buffer.concat(chunks);
        if (request.method !== "POST") throw new Error(`method ${request.method}`);
        if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("no Content-Encoding: aes128gcm");
        if (!/^\d+$/.test(String(request.headers.ttl ?? ""))) throw new Error("no TTL");
        const auth = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(request.headers.authorization ?? "");
        if (!auth) throw new Error("no Authorization: vapid t=…, k=…");
        const claims = verifiedClaims(auth[1], auth[2]);
        // A message fits the 4 KB the protocol promises a push service takes (RFC 8291: 4096 octets of body).
        if (body.length === 0 || body.length > 4096) throw new Error(`body of ${body.length} bytes`);
        const device = known.get(path);
        if (!device) throw new Error(`no device at ${path}`);
        const message = JSON.parse(device.decrypt(body)) as Record<string, unknown>;
        const status = queue.shift() ?? 201;
        received.push({ path, headers: request.headers, claims, signedWith: auth[2], message, status });
        response.writeHead(status).end();
      } catch (error) {
        malformed.push(`${path}: ${(error as Error).message}`);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    malformed,
    answerNext: (...statuses) => void queue.push(...statuses),
    reset() {
      received.length = 0;
      malformed.length = 0;
      queue.length = 0;
    },
    device() {
      const device = pushDevice(origin);
      known.set(new URL(device.endpoint).pathname, device);
      return device;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
