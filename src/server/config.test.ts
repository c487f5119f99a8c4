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

  it("takes a VAPID key pair as a pair of base64url keys, and never prints the private one", () => {
    const pair = {
      VAPID_PUBLIC_KEY: "BJ_ecYdSKaNkRHwdXIleqb91qtQxD15b1W6p_bIpn8LNLmkeIIz1hqbdp84y-ATgg7gB-3m8bLHovegeJ59MNZA",
      VAPID_PRIVATE_KEY: "T3yw7FjkXfAfXHe1k7y5Cd-PzgOzTPH1RVMg19wjUIU",
    };
    expect(loadConfig(pair)).toMatchObject(pair);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
      "Invalid configuration: VAPID_PRIVATE_KEY is required when VAPID_PUBLIC_KEY is set",
    );
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: "not-a-key" })).toThrow(
      /^Invalid configuration: VAPID_PUBLIC_KEY must be a base64url key of 65 bytes/,
    );
    let message = "";
    try {
      loadConfig({ ...pair, VAPID_PRIVATE_KEY: "secret-but-the-wrong-length" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration: VAPID_PRIVATE_KEY/);
    expect(message).not.toContain("secret-but-the-wrong-length");
    expect(() => loadConfig({ VAPID_SUBJECT: "concierge@maison.example" })).toThrow(/VAPID_SUBJECT must be a mailto:/);
    expect(loadConfig({ VAPID_SUBJECT: "mailto:concierge@maison.example" }).VAPID_SUBJECT).toBe(
      "mailto:concierge@maison.example",
    );
  });

  it("lists the browsers' push services by default, or the hosts given", () => {
    expect(loadConfig({}).PUSH_SERVICE_HOSTS).toContain("fcm.googleapis.com");
    expect(
      loadConfig({ PUSH_SERVICE_HOSTS: " Push.Example.com, 127.0.0.1, *.Wns.Example " }).PUSH_SERVICE_HOSTS,
    ).toEqual(["push.example.com", "127.0.0.1", "*.wns.example"]);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: "https://push.example.com/" })).toThrow(
      /^Invalid configuration: PUSH_SERVICE_HOSTS/,
    );
  });

  it("never prints the Slack webhook URL (the URL is the credential) when it is wrong", () => {
    const secretPath = "T0001/B0002/XyZsecretTokenXyZ";
    for (const value of [`hooks.slack.com/services/${secretPath}`, `ftp://hooks.slack.com/services/${secretPath}`]) {
      let message = "";
      try {
        loadConfig({ SLACK_WEBHOOK_URL: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^Invalid configuration: SLACK_WEBHOOK_URL/);
      expect(message).not.toContain("XyZsecretTokenXyZ");
      expect(message).not.toContain("hooks.slack.com");
    }
  });

  it("takes only smtp:// or smtps:// for SMTP_URL", () => {
    expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:2525" }).SMTP_URL).toBe("smtp://127.0.0.1:2525");
    expect(loadConfig({ SMTP_URL: "smtps://user:pass@mail.example:465" }).SMTP_URL).toBe(
      "smtps://user:pass@mail.example:465",
    );
    for (const value of [
      "http://mail.example",
      "https://user:hunter2@mail.example",
      "file:///etc/passwd",
      "mail.example",
    ]) {
      expect(() => loadConfig({ SMTP_URL: value }), value).toThrow(
        /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
      );
    }
    expect(() => loadConfig({ SMTP_URL: "https://user:hunter2@mail.example" })).not.toThrow(/hunter2/);
  });

  it("takes an https:// Slack webhook, or http:// only to this machine (loopback)", () => {
    for (const value of [
      "https://hooks.slack.com/services/T/B/x",
      "http://127.0.0.1:9/hooks/e2e",
      "http://127.8.9.10/hook",
      "http://localhost:8080/hook",
      "http://[::1]:8080/hook",
    ]) {
      expect(loadConfig({ SLACK_WEBHOOK_URL: value }).SLACK_WEBHOOK_URL, value).toBe(value);
    }
    for (const value of [
      "http://hooks.slack.com/services/T/B/x",
      "http://10.0.0.5/hook",
      "http://127.0.0.1.example.com/hook",
      "http://localhost.example.com/hook",
      "http://[::2]/hook",
      "ftp://127.0.0.1/hook",
      "javascript:alert(1)",
    ]) {
      expect(() => loadConfig({ SLACK_WEBHOOK_URL: value }), value).toThrow(
        /^Invalid configuration: SLACK_WEBHOOK_URL must be an https:\/\/ URL \(or http:\/\/ to a loopback address\)/,
      );
    }
  });

  it("3. TRUST_PROXY takes a hop count or a list of proxy addresses, never a blanket true", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).TRUST_PROXY).toBe("10.0.0.0/8,127.0.0.1");
    expect(() => loadConfig({ TRUST_PROXY: "yes" })).toThrow(/^Invalid configuration: TRUST_PROXY/);
  });
});
