import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("configuration", () => {
  it("has working defaults with nothing set", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.APP_URL).toBe("http://localhost:3000");
    expect(config.APP_NAME).toBe("Maison");
    expect(config.OWNER_EMAILS).toEqual([]);
  });

  it("stops with one line naming a bad variable", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow('Invalid configuration: PORT must be a number (got "abc")');
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/^Invalid configuration: DATABASE_URL/);
    expect(() => loadConfig({ OWNER_EMAILS: "a@b.co, nope" })).toThrow(/^Invalid configuration: OWNER_EMAILS/);
  });

  it("parses the owner list", () => {
    expect(loadConfig({ OWNER_EMAILS: " Ana@Example.com ,b@c.co" }).OWNER_EMAILS).toEqual([
      "ana@example.com",
      "b@c.co",
    ]);
  });

  it("12. refuses the test payment provider on a public https address unless asked for explicitly", () => {
    expect(() => loadConfig({ APP_URL: "https://maison.example" })).toThrow(/STRIPE_SECRET_KEY .*PAYMENTS_MODE=test/);
    expect(loadConfig({ APP_URL: "https://maison.example", PAYMENTS_MODE: "test" }).PAYMENTS_MODE).toBe("test");
    expect(loadConfig({ APP_URL: "http://localhost:3000" }).PAYMENTS_MODE).toBeUndefined();
    expect(() =>
      loadConfig({
        APP_URL: "https://maison.example",
        STRIPE_SECRET_KEY: "sk_live_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        STRIPE_PRICE_FREE: "price_a",
        STRIPE_PRICE_SILVER: "price_b",
        STRIPE_PRICE_GOLD: "price_c",
      }),
    ).not.toThrow();
  });

  it("13. never prints a secret in a configuration error", () => {
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error("expected a configuration error");
    };
    const secret = message({ BETTER_AUTH_SECRET: "too-short-but-secret" });
    expect(secret).toMatch(/^Invalid configuration: BETTER_AUTH_SECRET/);
    expect(secret).not.toContain("too-short-but-secret");
    const database = message({ DATABASE_URL: "mysql://admin:hunter2@db.example/maison" });
    expect(database).toMatch(/^Invalid configuration: DATABASE_URL/);
    expect(database).not.toContain("hunter2");
    const stripe = message({ STRIPE_SECRET_KEY: "sk_live_very_secret" });
    expect(stripe).not.toContain("sk_live_very_secret");
  });

  it("3. TRUST_PROXY takes a hop count or a list of proxy addresses, never a blanket true", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).TRUST_PROXY).toBe("10.0.0.0/8,127.0.0.1");
    expect(() => loadConfig({ TRUST_PROXY: "yes" })).toThrow(/^Invalid configuration: TRUST_PROXY/);
  });
});
