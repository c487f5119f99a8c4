import { describe, expect, it } from "vitest";
import {
  conciergeMessageSchema,
  firstIssueMessage,
  newRequestSchema,
  requestMessageSchema,
  salesInquirySchema,
  signInSchema,
  signUpSchema,
  syncUserSchema,
} from "./schemas";

const validRequest = {
  title: "Hermès Birkin 25",
  category: "Fashion",
  budget_eur: 25000,
  urgency: "High",
  notes: "",
  phone_number: "+351912345678",
};

function errorOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  // biome-ignore lint/suspicious/noExplicitAny: the zod error type is what firstIssueMessage takes
  return result.success ? null : firstIssueMessage(result.error as any);
}

describe("sign-in and sign-up", () => {
  it("trims the email and checks it", () => {
    expect(signInSchema.parse({ email: "  ana@example.com ", password: "secret" }).email).toBe("ana@example.com");
    expect(errorOf(signInSchema, { email: "ana@", password: "secret" })).toBe("Invalid email address");
  });

  it("needs a password of 6 characters", () => {
    expect(errorOf(signInSchema, { email: "a@b.co", password: "12345" })).toBe(
      "Password must be at least 6 characters",
    );
    expect(errorOf(signInSchema, { email: "a@b.co", password: "123456" })).toBeNull();
  });

  it("requires name and phone on sign-up", () => {
    const ok = { name: "Ana", phone: "+351912345678", email: "a@b.co", password: "123456" };
    expect(errorOf(signUpSchema, ok)).toBeNull();
    expect(errorOf(signUpSchema, { ...ok, name: "  " })).toBe("Name is required");
    expect(errorOf(signUpSchema, { ...ok, phone: "" })).toBe("Phone is required");
  });
});

describe("new request", () => {
  const check = (patch: Record<string, unknown>) => errorOf(newRequestSchema, { ...validRequest, ...patch });

  it("accepts a valid request and defaults urgency to Medium", () => {
    const { urgency: _u, ...withoutUrgency } = validRequest;
    expect(newRequestSchema.parse(withoutUrgency).urgency).toBe("Medium");
  });

  it("checks the title from 3 to 200 characters", () => {
    expect(check({ title: "ab" })).toBe("Title must be at least 3 characters");
    expect(check({ title: "abc" })).toBeNull();
    expect(check({ title: "a".repeat(200) })).toBeNull();
    expect(check({ title: "a".repeat(201) })).toBe("Title must be less than 200 characters");
  });

  it("requires a known category", () => {
    expect(check({ category: "" })).toBe("Category is required");
    expect(check({ category: undefined })).toBe("Category is required");
    expect(check({ category: "Yachts" })).toBe("Category is required");
  });

  it("needs a budget of at least 1", () => {
    expect(check({ budget_eur: 0 })).toBe("Budget must be greater than 0");
    expect(check({ budget_eur: 1 })).toBeNull();
    expect(check({ budget_eur: "abc" })).toBe("Budget must be greater than 0");
  });

  it("caps notes at 2000 characters", () => {
    expect(check({ notes: "n".repeat(2000) })).toBeNull();
    expect(check({ notes: "n".repeat(2001) })).toBe("Notes must be less than 2000 characters");
  });

  it("checks the phone number from 8 to 20 characters", () => {
    expect(check({ phone_number: "+351123" })).toBe("Phone number must be at least 8 characters");
    expect(check({ phone_number: "+3511234" })).toBeNull();
    expect(check({ phone_number: `+351${"1".repeat(16)}` })).toBeNull();
    expect(check({ phone_number: `+351${"1".repeat(17)}` })).toBe("Phone number must be less than 20 characters");
  });

  it("refuses an unknown urgency", () => {
    expect(check({ urgency: "Urgent" })).not.toBeNull();
  });
});

describe("messages and inquiries", () => {
  it("refuses empty and whitespace-only messages", () => {
    expect(errorOf(requestMessageSchema, { body: "   \n " })).toBe("Please enter a message");
    expect(errorOf(conciergeMessageSchema, { message: "" })).toBe("Please enter a message");
    expect(conciergeMessageSchema.parse({ message: "  Hello  " }).message).toBe("Hello");
  });

  it("requires subject and message for sales", () => {
    expect(errorOf(salesInquirySchema, { subject: "", message: "x" })).toBe("Subject is required");
    expect(errorOf(salesInquirySchema, { subject: "x", message: " " })).toBe("Message is required");
  });

  it("requires a user email for a single sync", () => {
    expect(errorOf(syncUserSchema, { userEmail: " " })).toBe("Please enter a user email");
  });
});

describe("text hygiene", () => {
  const combining = "Herme\u0300s"; // "Hermès" typed as e + a combining grave accent

  it("composes every user text to NFC, so a combining accent is one letter", () => {
    expect(newRequestSchema.parse({ ...validRequest, title: combining }).title).toBe("Hermès");
    expect(newRequestSchema.parse({ ...validRequest, notes: `${combining}\nbag` }).notes).toBe("Hermès\nbag");
    expect(
      signUpSchema.parse({ name: combining, phone: "+351912345678", email: "a@b.co", password: "secret" }).name,
    ).toBe("Hermès");
    expect(conciergeMessageSchema.parse({ message: combining }).message).toBe("Hermès");
  });

  it("refuses bidirectional controls in single-line fields and lone surrogates everywhere", () => {
    const unsupported = "Please remove the unsupported characters";
    for (const title of ["Rolex \u202egnp.exe", "a\u2066bc\u2069", "x\u200fyz", "abc\ud800", "\udc00abc"]) {
      expect(errorOf(newRequestSchema, { ...validRequest, title }), JSON.stringify(title)).toBe(unsupported);
    }
    for (const body of ["hello \ud83d", "\udfff"]) {
      expect(errorOf(requestMessageSchema, { body })).toBe(unsupported);
    }
    // Right-to-left writing in a message may use direction marks; a real astral character (an emoji) is fine.
    expect(errorOf(requestMessageSchema, { body: "\u05e9\u05dc\u05d5\u05dd \u200f!" })).toBeNull();
    expect(errorOf(newRequestSchema, { ...validRequest, title: "Birkin 😀 25" })).toBeNull();
  });
});
