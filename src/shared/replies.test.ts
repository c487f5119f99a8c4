import { describe, expect, it } from "vitest";
import { fillPlaceholders, firstNameOf, replyMatches, unknownPlaceholder } from "./replies";

describe("saved reply placeholders", () => {
  it("fills each placeholder, every time it appears", () => {
    expect(
      fillPlaceholders("Dear {member_name}, about {request_title}: {member_name}, we found it.", {
        member_name: "Ana Sousa",
        request_title: "A Birkin 25",
      }),
    ).toBe("Dear Ana Sousa, about A Birkin 25: Ana Sousa, we found it.");
  });

  it("inserts values as they are, never reading them as placeholders or markup", () => {
    expect(
      fillPlaceholders("Hello {member_name} ({request_title})", {
        member_name: "{request_title} <b>x</b> $& $1",
        request_title: "{member_name}",
      }),
    ).toBe("Hello {request_title} <b>x</b> $& $1 ({member_name})");
  });

  it("removes a placeholder with no value cleanly", () => {
    const values = { member_name: "Ana" };
    expect(fillPlaceholders("Dear {member_name}, about {request_title}, we wrote.", values)).toBe(
      "Dear Ana, about, we wrote.",
    );
    expect(fillPlaceholders("Your {request_title} request is ready", values)).toBe("Your request is ready");
    expect(fillPlaceholders("{request_title}\nDear {member_name}", values)).toBe("\nDear Ana");
    expect(fillPlaceholders("Regarding {request_title}.", values)).toBe("Regarding.");
    expect(fillPlaceholders("Hi {member_name}", { member_name: "  " })).toBe("Hi");
  });

  it("leaves unknown braces alone and finds them for validation", () => {
    expect(fillPlaceholders("{price} {member_name}", { member_name: "Ana" })).toBe("{price} Ana");
    expect(unknownPlaceholder("Hello {member_name} and {memberName}")).toBe("{memberName}");
    expect(unknownPlaceholder("A set {of braces} and {} are fine, {member_name}")).toBeNull();
  });

  it("matches a search on every word, in the title or the text, any case", () => {
    const reply = { title: "Sourcing update", text: "We are speaking with three boutiques." };
    expect(replyMatches(reply, "")).toBe(true);
    expect(replyMatches(reply, "UPDATE boutiques")).toBe(true);
    expect(replyMatches(reply, "update invoice")).toBe(false);
  });
});

describe("first names and short names (issue 31 item 8)", () => {
  it("fills {first_name} with the first word of the member's name", () => {
    expect(fillPlaceholders("Dear {first_name},", { first_name: firstNameOf("  Ana Maria Sousa ") })).toBe("Dear Ana,");
    expect(fillPlaceholders("Dear {first_name},", { first_name: firstNameOf("") })).toBe("Dear,");
    expect(unknownPlaceholder("Dear {first_name}")).toBeNull();
  });

  it("matches a reply by the start of its short name, with or without the slash", () => {
    const reply = { title: "Welcome", text: "Dear {first_name}", shortcut: "welcome" };
    expect(replyMatches(reply, "wel")).toBe(true);
    expect(replyMatches(reply, "/wel")).toBe(true);
    expect(replyMatches(reply, "elc")).toBe(true); // the title's words still match
    expect(replyMatches({ ...reply, title: "Hi", text: "x" }, "come")).toBe(false);
  });
});
