/** A member's request as its page receives it, for component tests (a test overrides what it is about). */
import type { RequestDetail } from "./api";

export const requestDetail = (overrides: Partial<RequestDetail> = {}): RequestDetail => ({
  id: "5f2c8e9e-8a8b-4c9d-9f53-1b7a1c1f0c11",
  title: "A vintage Rolex Daytona",
  category: "Fashion",
  status: "New",
  urgency: "Medium",
  budgetEur: 25000,
  createdAt: "2026-11-20T10:00:00.000Z",
  notes: "",
  phoneNumber: "+351912345678",
  attachment: null,
  deadline: null,
  client: { id: "u1", name: "Marta Member", email: "marta@example.com" },
  deletable: true,
  concierge: null,
  ...overrides,
});
