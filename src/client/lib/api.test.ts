/**
 * Texts the server writes for a person (decision 028): the answer keeps the English and adds the key and values;
 * the client says them in the interface's language (the billing tools' outcomes, the environment list, invoices).
 */
import { afterEach, describe, expect, it } from "vitest";
import { serverText } from "./api";
import { setActiveLocale } from "./i18n";

afterEach(() => setActiveLocale("en"));

describe("serverText", () => {
  const english = "Subscription synced for ana@example.com: Gold, past due.";
  const params = { email: "ana@example.com", plan: "Gold", status: "past_due" };

  it("shows the server's English in English", () => {
    expect(serverText(english, "billing_admin.synced", params)).toBe(english);
  });

  it("translates by the key and values in Portuguese, choosing among the values", () => {
    setActiveLocale("pt-PT");
    expect(serverText(english, "billing_admin.synced", params)).toBe(
      "Subscrição sincronizada para ana@example.com: Gold, pagamento em atraso.",
    );
    expect(serverText("x", "billing_admin.synced", { ...params, plan: "none", status: "none" })).toBe(
      "Subscrição sincronizada para ana@example.com: sem adesão.",
    );
    expect(serverText("Held in the outbox (no SMTP configured)", "billing_admin.env.mail_held")).toBe(
      "Retido na caixa de saída (SMTP não configurado)",
    );
  });

  it("keeps a text without a key as it is, unless it is a shared keyed English", () => {
    setActiveLocale("pt-PT");
    expect(serverText("v22.1.0")).toBe("v22.1.0");
    expect(serverText("Please enter a user email")).not.toBe("Please enter a user email");
  });
});
