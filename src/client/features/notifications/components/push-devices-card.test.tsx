import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/client/components/ui/sonner";
import type { PushDevice } from "../api";
import { PushDevicesCard } from "./push-devices-card";

/** The server's key (65 bytes: 0x04 then 64 bytes), as GET /api/notifications/devices gives it. */
const SERVER_KEY = `BA${"A".repeat(85)}`;
const THIS_ENDPOINT = "https://fcm.googleapis.com/fcm/send/this-browser";

const device = (overrides: Partial<PushDevice>): PushDevice => ({
  id: "11111111-1111-4111-8111-111111111111",
  device: "Chrome on Android",
  kind: "mobile",
  endpoint: "https://fcm.googleapis.com/fcm/send/phone",
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: null,
  ...overrides,
});

interface Server {
  calls: Array<{ method: string; url: string; body: unknown }>;
  devices: PushDevice[];
}

/** The card against a server holding `devices`, answering every call of the card; the calls it received. */
function renderCard(devices: PushDevice[], audience: "member" | "staff" = "member"): Server {
  const server: Server = { calls: [], devices: [...devices] };
  const preferences = { email: true, slack: true, sms: true, push: true, pushPreview: false };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const method = String(init.method);
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      server.calls.push({ method, url, body });
      const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status });
      if (url === "/api/notifications/preferences") {
        return json(method === "PUT" ? { ...preferences, [body.channel]: body.enabled } : preferences);
      }
      if (url === "/api/notifications/devices" && method === "GET") {
        return json({ publicKey: SERVER_KEY, items: server.devices });
      }
      if (url === "/api/notifications/devices" && method === "POST") {
        const added = device({
          id: "22222222-2222-4222-8222-222222222222",
          device: "Chrome on Linux",
          kind: "desktop",
          endpoint: body.endpoint,
        });
        server.devices.push(added);
        return json(added, 201);
      }
      if (method === "DELETE") {
        server.devices = server.devices.filter((d) => !url.endsWith(d.id));
        return json({ ok: true });
      }
      return json({ error: "Not found" }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PushDevicesCard audience={audience} />
      <Toaster />
    </QueryClientProvider>,
  );
  return server;
}

/**
 * A browser with the Push API: its permission (the prompt answers `answer`), a service worker registration whose
 * push manager holds `subscribed` (an endpoint) and records what it is asked to subscribe with.
 */
function stubBrowser(options: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: string | null;
  /** What pushManager.subscribe throws, if it fails. */
  subscribeError?: DOMException;
}) {
  const state = { permission: options.permission ?? "default", endpoint: options.subscribed ?? null };
  const failWith = options.subscribeError;
  const subscribeCalls: Array<{ userVisibleOnly?: boolean; applicationServerKey?: Uint8Array }> = [];
  const unsubscribed: string[] = [];
  const subscription = (endpoint: string) => ({
    endpoint,
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `B${"q".repeat(86)}`, auth: "a".repeat(22) } }),
    unsubscribe: async () => {
      unsubscribed.push(endpoint);
      state.endpoint = null;
      return true;
    },
  });
  const pushManager = {
    getSubscription: async () => (state.endpoint ? subscription(state.endpoint) : null),
    subscribe: async (options: { userVisibleOnly?: boolean; applicationServerKey?: Uint8Array }) => {
      subscribeCalls.push(options);
      if (failWith) throw failWith;
      state.endpoint = THIS_ENDPOINT;
      return subscription(THIS_ENDPOINT);
    },
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => registration, register: async () => registration },
  });
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", {
    get permission() {
      return state.permission;
    },
    requestPermission: vi.fn(async () => {
      state.permission = options.answer ?? "granted";
      return state.permission;
    }),
  });
  return { subscribeCalls, unsubscribed };
}

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const list = () => screen.findByRole("list", { name: "Devices with push notifications" });

describe("the push devices card", () => {
  it("lists the devices push is on for, marks this one, and removes one", async () => {
    stubBrowser({ permission: "granted", subscribed: THIS_ENDPOINT });
    const server = renderCard([
      device({}),
      device({
        id: "33333333-3333-4333-8333-333333333333",
        device: "Safari on macOS",
        kind: "desktop",
        endpoint: THIS_ENDPOINT,
        lastUsedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
      }),
    ]);
    const items = within(await list()).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Chrome on AndroidAdded 20 Nov 2026 · Not notified yet/),
      expect.stringMatching(/^Safari on macOSThis deviceAdded 20 Nov 2026 · Last notified 3 hours ago/),
    ]);
    // This browser is listed already: nothing to turn on.
    expect(screen.queryByRole("button", { name: "Turn on for this device" })).toBeNull();

    await userEvent.setup().click(screen.getByRole("button", { name: "Remove Chrome on Android" }));
    await waitFor(async () => expect(within(await list()).getAllByRole("listitem")).toHaveLength(1));
    expect(server.calls.filter((c) => c.method === "DELETE")).toEqual([
      { method: "DELETE", url: "/api/notifications/devices/11111111-1111-4111-8111-111111111111", body: undefined },
    ]);
    expect(await screen.findByText("Device removed")).toBeTruthy();
  });

  it("turns push on for this device: asks permission, subscribes with the server's key, sends the subscription", async () => {
    const browser = stubBrowser({ permission: "default", answer: "granted" });
    const server = renderCard([]);
    expect(await screen.findByText("No device has push notifications yet.")).toBeTruthy();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Turn on for this device" }));

    expect(await screen.findByText("Push notifications are on for this device")).toBeTruthy();
    expect(browser.subscribeCalls).toHaveLength(1);
    expect(browser.subscribeCalls[0].userVisibleOnly).toBe(true);
    const key = browser.subscribeCalls[0].applicationServerKey as Uint8Array;
    expect([key.length, key[0]]).toEqual([65, 4]);
    expect(server.calls.find((c) => c.method === "POST")?.body).toEqual({
      endpoint: THIS_ENDPOINT,
      expirationTime: null,
      keys: { p256dh: `B${"q".repeat(86)}`, auth: "a".repeat(22) },
    });
    // Listed now, as this device; the button is gone.
    const item = within(await list()).getByRole("listitem");
    await waitFor(() => expect(within(item).getByText("This device")).toBeTruthy());
    expect(screen.queryByRole("button", { name: "Turn on for this device" })).toBeNull();
  });

  it("subscribes nothing when the browser's permission is refused, and says notifications are blocked", async () => {
    const browser = stubBrowser({ permission: "default", answer: "denied" });
    const server = renderCard([]);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Turn on for this device" }));
    expect(
      await screen.findByText(
        "Notifications are blocked for this site. Allow them in your browser's settings, then try again.",
      ),
    ).toBeTruthy();
    expect(browser.subscribeCalls).toEqual([]);
    expect(server.calls.filter((c) => c.method === "POST")).toEqual([]);
    expect(screen.getByText("Notifications are blocked for this site in this browser's settings.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Turn on for this device" })).toBeNull();
  });

  it.each([
    [new DOMException("Registration failed - permission denied", "NotAllowedError"), /A private window always refuses/],
    [
      new DOMException("Registration failed - push service not available", "AbortError"),
      /could not reach its push service/,
    ],
    [new DOMException("Failed to register a ServiceWorker", "InvalidStateError"), /would not let Maison set up/],
  ])("says why subscribing failed, and what to do (issue 34 item 11): %s", async (error, reason) => {
    stubBrowser({ permission: "default", answer: "granted", subscribeError: error });
    const server = renderCard([]);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Turn on for this device" }));
    expect(await screen.findByText("Push notifications could not be turned on for this device.")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toMatch(reason);
    expect(screen.getByRole("status").textContent).toMatch(/then try again\.$/);
    expect(server.calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("says so in a browser without push, and still lists and removes the other devices", async () => {
    renderCard([device({})], "staff");
    expect(
      await screen.findByText(/^This browser cannot receive push notifications\. In a private window/),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Turn on for this device" })).toBeNull();
    expect(screen.getByRole("button", { name: "Remove Chrome on Android" })).toBeTruthy();
    expect(screen.getByText(/only the owner's devices are told/)).toBeTruthy();
  });

  it("turns previews on with their own switch", async () => {
    stubBrowser({ permission: "granted", subscribed: null });
    const server = renderCard([]);
    const previews = await screen.findByRole("switch", { name: "Show message previews" });
    expect(previews.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByRole("switch", { name: "Push notifications" }).getAttribute("aria-checked")).toBe("true");
    await userEvent.setup().click(previews);
    await waitFor(() => expect(previews.getAttribute("aria-checked")).toBe("true"));
    expect(server.calls.find((c) => c.method === "PUT")?.body).toEqual({ channel: "pushPreview", enabled: true });
  });
});
