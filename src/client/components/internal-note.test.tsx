import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AdminComposer, InternalNote, mergeByTime, type NoteItem } from "./internal-note";

const note = (id: string, createdAt: string, extra: Partial<NoteItem> = {}): NoteItem => ({
  id,
  body: `Note ${id}`,
  author: { id: "s1", name: "Rita Staff" },
  mine: false,
  createdAt,
  ...extra,
});

describe("InternalNote", () => {
  it("carries the label, its author and a style of its own", () => {
    render(
      <ol>
        <InternalNote note={note("a", "2026-11-23T10:00:00Z")} />
      </ol>,
    );
    const item = screen.getByRole("listitem");
    expect(within(item).getByText("Internal note · only staff see this")).toBeTruthy();
    expect(within(item).getByText("Rita Staff")).toBeTruthy();
    expect(within(item).getByText("Note a")).toBeTruthy();
    expect(item.hasAttribute("data-internal-note")).toBe(true);
    // The dashed gold frame no message has.
    expect(item.firstElementChild?.className).toContain("border-dashed");
  });

  it("says 'You' for one's own note and names a departed author plainly", () => {
    render(
      <ol>
        <InternalNote note={note("a", "2026-11-23T10:00:00Z", { mine: true })} />
        <InternalNote note={note("b", "2026-11-23T10:00:00Z", { author: null })} />
      </ol>,
    );
    expect(screen.getByText("You")).toBeTruthy();
    expect(screen.getByText("Former staff member")).toBeTruthy();
  });
});

describe("mergeByTime", () => {
  it("puts messages and notes in time order, a message first on a tie", () => {
    const messages = [
      { id: "m1", createdAt: "2026-11-23T10:00:00Z" },
      { id: "m2", createdAt: "2026-11-23T10:02:00Z" },
    ];
    const notes = [note("n1", "2026-11-23T10:01:00Z"), note("n2", "2026-11-23T10:02:00Z")];
    expect(mergeByTime(messages, notes).map((e) => e.item.id)).toEqual(["m1", "n1", "m2", "n2"]);
  });
});

describe("AdminComposer", () => {
  function setup() {
    const send = vi.fn(async (_text: string) => true);
    const addNote = vi.fn(async (_text: string) => true);
    render(
      <AdminComposer
        reply={{ id: "admin-reply", label: "Reply", placeholder: "Write…", send, pending: false }}
        addNote={addNote}
        notePending={false}
      />,
    );
    return { send, addNote, user: userEvent.setup() };
  }

  it("replies by default, and writes a note once switched", async () => {
    const { send, addNote, user } = setup();
    expect(screen.getByRole("button", { name: "Reply" }).getAttribute("aria-pressed")).toBe("true");
    await user.type(screen.getByRole("textbox", { name: "Reply" }), "For the member{Enter}");
    expect(send).toHaveBeenCalledWith("For the member", []);

    await user.click(screen.getByRole("button", { name: "Internal note" }));
    expect(screen.getByRole("button", { name: "Internal note" }).getAttribute("aria-pressed")).toBe("true");
    await user.type(screen.getByRole("textbox", { name: "Internal note" }), "For the team{Enter}");
    expect(addNote).toHaveBeenCalledWith("For the team");
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: /Add note/ })).toBeTruthy();
  });
});
