import { describe, expect, it } from "vitest";
import { reconnectDelayMs } from "./realtime";

describe("reconnecting a dropped stream", () => {
  it("waits 200 ms, then doubles, capped at 30 s", () => {
    expect([0, 1, 2, 3, 4].map(reconnectDelayMs)).toEqual([200, 400, 800, 1600, 3200]);
    expect(reconnectDelayMs(20)).toBe(30_000);
  });
});
