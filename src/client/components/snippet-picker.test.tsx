import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { fillPlaceholders, replyMatches } from "@/shared/replies";
import { ChatComposer } from "./chat";
import type { SnippetSource } from "./snippet-picker";

const SNIPPETS: SnippetSource = {
  items: [
    { id: "1", title: "Sourcing update", text: "Dear {member_name}, we are sourcing {request_title}." },
    { id: "2", title: "Thank you", text: "Thank you, {member_name}." },
    { id: "3", title: "Delivery booked", text: "Your delivery is booked." },
  ],
  isError: false,
  matches: replyMatches,
  textFor: (snippet, context) => fillPlaceholders(snippet.text, context),
  manageHref: "/admin/replies",
};

function renderComposer(snippets: SnippetSource | null = SNIPPETS) {
  const send = vi.fn(async (_text: string, _fileIds: string[]) => true);
  render(
    <MemoryRouter>
      <ChatComposer
        id="admin-reply"
        label="Reply"
        placeholder="Write…"
        send={send}
        pending={false}
        snippets={snippets ?? undefined}
        snippetContext={{ member_name: "Ana <Sousa>", request_title: "A Birkin 25" }}
      />
    </MemoryRouter>,
  );
  return { send, user: userEvent.setup() };
}

const box = () => screen.getByRole("textbox", { name: "Reply" }) as HTMLTextAreaElement;
const search = () => screen.getByRole("combobox", { name: "Saved replies" }) as HTMLInputElement;
const options = () => screen.getAllByRole("option");
const active = () => {
  const id = search().getAttribute("aria-activedescendant");
  return id ? document.getElementById(id) : null;
};

describe("the saved reply picker", () => {
  it("opens on '/' at the start, a combobox controlling a listbox, with focus in its search", async () => {
    const { user } = renderComposer();
    await user.type(box(), "/");
    expect(document.activeElement).toBe(search());
    expect(search().getAttribute("aria-expanded")).toBe("true");
    const listbox = screen.getByRole("listbox", { name: "Saved replies" });
    expect(search().getAttribute("aria-controls")).toBe(listbox.id);
    expect(options().map((o) => o.querySelector("span")?.textContent)).toEqual([
      "Sourcing update",
      "Thank you",
      "Delivery booked",
    ]);
    expect(active()).toBe(options()[0]);
    expect(options()[0].getAttribute("aria-selected")).toBe("true");
    // Each option previews its text for this conversation.
    expect(options()[0].textContent).toContain("Dear Ana <Sousa>, we are sourcing A Birkin 25.");
  });

  it("moves with the arrows (wrapping), inserts with Enter in place of the '/', and sends nothing", async () => {
    const { user, send } = renderComposer();
    await user.type(box(), "Hello /");
    await user.keyboard("{ArrowDown}");
    expect(active()?.textContent).toContain("Thank you");
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(active()?.textContent).toContain("Delivery booked");
    expect(options()[2].getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(box().value).toBe("Hello Thank you, Ana <Sousa>.");
    expect(document.activeElement).toBe(box());
    expect(box().selectionStart).toBe(box().value.length);
    expect(send).not.toHaveBeenCalled();
    // The composer goes on as before: typing continues at the caret, Enter sends.
    await user.keyboard(" See you soon.{Enter}");
    expect(send).toHaveBeenCalledWith("Hello Thank you, Ana <Sousa>. See you soon.", []);
  });

  it("filters as one types, and says when nothing matches", async () => {
    const { user } = renderComposer();
    await user.type(box(), "/");
    await user.keyboard("deliv");
    expect(options()).toHaveLength(1);
    expect(active()?.textContent).toContain("Delivery booked");
    await user.keyboard("xyz");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(search().getAttribute("aria-expanded")).toBe("false");
    expect(search().hasAttribute("aria-activedescendant")).toBe(false);
    expect(screen.getByText("No saved reply matches.")).toBeTruthy();
    await user.keyboard("{Enter}");
    expect(box().value).toBe("/");
  });

  it("closes on Escape, keeping the '/' typed and the focus back in the reply", async () => {
    const { user, send } = renderComposer();
    await user.type(box(), "and /");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(document.activeElement).toBe(box());
    await user.keyboard("or{Enter}");
    expect(send).toHaveBeenCalledWith("and /or", []);
  });

  it("does not open for a '/' inside a word", async () => {
    const { user } = renderComposer();
    await user.type(box(), "and/or 3/4");
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(box().value).toBe("and/or 3/4");
  });

  it("is absent from a composer given no snippets", async () => {
    const { user } = renderComposer(null);
    await user.type(box(), "/");
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.queryByRole("button", { name: /Saved replies/ })).toBeNull();
  });

  it("opens from its button too, inserting at the caret; a click on an option inserts", async () => {
    const { user } = renderComposer();
    await user.type(box(), "Hi. ");
    await user.click(screen.getByRole("button", { name: /Saved replies/ }));
    expect(document.activeElement).toBe(search());
    await user.click(screen.getByRole("option", { name: /Delivery booked/ }));
    expect(box().value).toBe("Hi. Your delivery is booked.");
    expect(document.activeElement).toBe(box());
  });

  it("says when the list is loading, or empty, with a way to manage it", async () => {
    const { user } = renderComposer({ ...SNIPPETS, items: [] });
    await user.type(box(), "/");
    expect(screen.getByText("No saved replies yet.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Manage" }).getAttribute("href")).toBe("/admin/replies");
  });
});
