/** The member's timeline texts (decision 028): the English as the spec says it, and the key with its amount. */
import { describe, expect, it } from "vitest";
import { memberTimelineEntry, memberTimelineText } from "./timeline";

describe("memberTimelineEntry", () => {
  it("gives the English with the amount in English, and the amount for the reader's language", () => {
    expect(memberTimelineEntry("hold_placed", { amountCents: 240_000 }, "system", "pt-PT")).toEqual({
      text: "A hold of €2,400 was placed on your card",
      key: "timeline.hold_placed_amount",
      params: { amount: "2400\u00a0€" },
    });
    expect(memberTimelineEntry("hold_placed", null, "system")).toEqual({
      text: "A hold was placed on your card",
      key: "timeline.hold_placed",
    });
  });

  it("keeps the member's words and hides what is not theirs", () => {
    expect(memberTimelineText("status_changed", { to: "Found" }, "you")).toBe("You accepted an option: Found");
    expect(memberTimelineText("request_changed", { field: "budget" }, "you")).toBe("You changed the budget");
    expect(memberTimelineText("note_added", null, "team")).toBeNull();
    expect(memberTimelineText("request_changed", { field: "title" }, "you")).toBeNull();
  });
});
