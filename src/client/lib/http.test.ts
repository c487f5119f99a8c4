/**
 * The API client's part in the team's two-factor rules (decision 050): 403 `second_factor_required` asks for a
 * code (the admin layout's dialog) and makes the same call once more when it was proved; 403
 * `two_factor_setup_required` sends the staff member to set two-factor up.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, secondFactor } from "./http";

const answer = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const refusal = (code: string) => answer(403, { error: "Refused", code });

afterEach(() => {
  vi.unstubAllGlobals();
  secondFactor.ask = null;
  secondFactor.onSetupRequired = null;
});

describe("apiRequest and the second factor", () => {
  it("asks for a code on second_factor_required and repeats the call once it is proved", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(refusal("second_factor_required"))
      .mockResolvedValueOnce(answer(200, { ok: true }));
    vi.stubGlobal("fetch", fetch);
    secondFactor.ask = vi.fn().mockResolvedValue(true);
    await expect(apiRequest("POST", "/api/admin/requests/r1/hold/capture", {})).resolves.toEqual({ ok: true });
    expect(secondFactor.ask).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1][0]).toBe("/api/admin/requests/r1/hold/capture");
  });

  it("keeps the refusal when the code is not given, and asks only once per call", async () => {
    const fetch = vi.fn().mockImplementation(async () => refusal("second_factor_required"));
    vi.stubGlobal("fetch", fetch);
    secondFactor.ask = vi.fn().mockResolvedValue(false);
    await expect(apiRequest("PUT", "/api/admin/roles", {})).rejects.toMatchObject({ code: "second_factor_required" });
    expect(fetch).toHaveBeenCalledTimes(1);
    secondFactor.ask = vi.fn().mockResolvedValue(true);
    await expect(apiRequest("PUT", "/api/admin/roles", {})).rejects.toBeInstanceOf(ApiError);
    expect(secondFactor.ask).toHaveBeenCalledTimes(1);
  });

  it("sends the staff member to set two-factor up on two_factor_setup_required", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(refusal("two_factor_setup_required")));
    secondFactor.onSetupRequired = vi.fn();
    await expect(apiRequest("GET", "/api/admin/replies")).rejects.toMatchObject({ status: 403 });
    expect(secondFactor.onSetupRequired).toHaveBeenCalledTimes(1);
  });
});
