/**
 * The inbox's keyboard (issue 31, item 1): j/k move through the list and open the conversation beside it, r
 * goes to the reply box, a assigns to me, e marks done, s snoozes, ? lists the keys; typing in a box is typing.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithQueries, stubServer } from "#tests/helpers/components";
import type { Conversation } from "../api";
import { InboxWorkspace } from "./inbox-workspace";

const row = (id: string, name: string, title: string): Conversation => ({
  kind: "request",
  id,
  title,
  status: "New",
  member: { id: `m-${id}`, name, email: `${id}@example.com`, tier: "gold", language: "en" },
  owner: null,
  lastMessage: { body: `A word from ${name}`, fromMember: true, at: "2026-11-27T10:00:00.000Z" },
  unread: 1,
  waitingSince: "2026-11-27T10:00:00.000Z",
  snooze: null,
  serviceLevel: null,
});
const ROWS = [
  row("r1", "Ana Sousa", "A Rolex"),
  row("r2", "Bruno Costa", "A yacht"),
  row("r3", "Carla Dias", "A villa"),
];

function renderInbox() {
  const calls = stubServer((body) =>
    body === undefined
      ? {
          status: 200,
          body: { items: ROWS, next: null, waiting: { request: 3, concierge: 0, sales: 0 }, nextWake: null },
        }
      : { status: 200, body: { done: 1, skipped: 0 } },
  );
  renderWithQueries(
    <MemoryRouter initialEntries={["/admin/inbox"]}>
      <InboxWorkspace
        viewerId="staff-1"
        renderPane={(c) => (
          <div>
            <p>Thread of {c.member.name}</p>
            <textarea aria-label="Reply" />
          </div>
        )}
      />
    </MemoryRouter>,
  );
  return calls;
}
const press = (key: string, target: Element | Document = document) => fireEvent.keyDown(target, { key });
const opened = () => screen.getByRole("region", { name: /^Conversation with / });

afterEach(() => vi.unstubAllGlobals());

describe("the inbox's keys", () => {
  it("j and k move through the list, opening each conversation beside it", async () => {
    renderInbox();
    await screen.findByText("A word from Ana Sousa");
    press("j");
    expect(await screen.findByText("Thread of Ana Sousa")).toBeTruthy();
    expect(opened().getAttribute("aria-label")).toBe("Conversation with Ana Sousa");
    press("j");
    expect(await screen.findByText("Thread of Bruno Costa")).toBeTruthy();
    press("j");
    press("j");
    expect(await screen.findByText("Thread of Carla Dias")).toBeTruthy();
    press("k");
    expect(await screen.findByText("Thread of Bruno Costa")).toBeTruthy();
    const current = screen.getByRole("listitem", { name: "Bruno Costa: A yacht" });
    expect(current.getAttribute("aria-current")).toBe("true");
  });

  it("r goes to the reply box, where letters are typing, not keys", async () => {
    renderInbox();
    await screen.findByText("A word from Ana Sousa");
    press("r");
    const box = await screen.findByRole("textbox", { name: "Reply" });
    await waitFor(() => expect(document.activeElement).toBe(box));
    press("j", box);
    expect(screen.getByText("Thread of Ana Sousa")).toBeTruthy();
  });

  it("a assigns the open conversation to me and e marks it done, through the inbox's actions", async () => {
    const calls = renderInbox();
    await screen.findByText("A word from Ana Sousa");
    press("j");
    await screen.findByText("Thread of Ana Sousa");
    press("a");
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        conversations: [{ kind: "request", id: "r1" }],
        action: "assign",
        assignee: "staff-1",
      }),
    );
    press("e");
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "POST").map((c) => (c.body as { action: string }).action)).toEqual([
        "assign",
        "done",
      ]),
    );
  });

  it("x selects for a bulk action, s opens the snooze, ? lists the keys", async () => {
    renderInbox();
    await screen.findByText("A word from Ana Sousa");
    press("x");
    const bar = await screen.findByRole("toolbar", { name: "Selected conversations" });
    expect(within(bar).getByText("1 selected")).toBeTruthy();
    press("s");
    expect(await screen.findByRole("dialog", { name: "Snooze" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Tomorrow at 9:00/ })).toBeTruthy();
    // Under a dialog the list's keys rest.
    press("j");
    expect(screen.queryByText("Thread of Ana Sousa")).toBeNull();
    press("Escape", screen.getByRole("dialog"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    press("?");
    expect(await screen.findByRole("dialog", { name: "Keyboard" })).toBeTruthy();
  });
});
