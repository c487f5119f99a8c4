/**
 * The member's timeline texts (issue 22, item 8) keyed for both languages (issue 24): the allow-list holds, the
 * API's English is the spec's, and an amount travels as cents so each language writes it in its own format.
 */
import { describe, expect, it } from "vitest";
import { MEMBER_TIMELINE_ACTIONS, memberTimelineText, TIMELINE_TEXTS, timelineEnglish } from "./timeline";

describe("the member's timeline texts", () => {
  it("says an amount when the entry has one, and reads without it otherwise", () => {
    const withAmount = memberTimelineText("hold_placed", { amountCents: 2_500_000 }, "team");
    expect(withAmount).toEqual({
      key: "timeline.hold_placed_amount",
      message: expect.any(String),
      amountCents: 2_500_000,
    });
    expect(timelineEnglish(withAmount!)).toBe("A hold of €25,000 was placed on your card");
    const without = memberTimelineText("hold_placed", {}, "team");
    expect(without?.key).toBe("timeline.hold_placed");
    expect(timelineEnglish(without!)).toBe("A hold was placed on your card");
  });

  it("tells a member's own choice of an option from the team's status change", () => {
    expect(timelineEnglish(memberTimelineText("status_changed", { to: "Found" }, "you")!)).toBe(
      "You accepted an option: Found",
    );
    expect(timelineEnglish(memberTimelineText("status_changed", { to: "Found" }, "team")!)).toBe(
      "Your request is Found",
    );
  });

  it("shows nothing outside the allow-list, nor a status or field it does not know", () => {
    expect(memberTimelineText("note_added", null, "team")).toBeNull();
    expect(memberTimelineText("status_changed", { to: "toString" }, "team")).toBeNull();
    expect(memberTimelineText("request_changed", { field: "title" }, "you")).toBeNull();
    expect(MEMBER_TIMELINE_ACTIONS).not.toContain("quote_drafted");
  });

  it("keys every text under timeline.", () => {
    for (const text of Object.values(TIMELINE_TEXTS)) expect(text.id).toMatch(/^timeline\.[a-z_]+$/);
  });
});
