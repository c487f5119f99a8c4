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
});
