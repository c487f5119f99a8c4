import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentProps } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@/shared/messages";
import { ChatComposer, ScrollingThread } from "./chat";
import { Toaster } from "./ui/sonner";

function renderComposer(props: Partial<ComponentProps<typeof ChatComposer>> = {}) {
  const send = vi.fn(async (_text: string) => true);
  render(
    <>
      <ChatComposer
        id="concierge-message"
        label="Message"
        placeholder="Write to your concierge…"
        send={send}
        pending={false}
        {...props}
      />
      <Toaster />
    </>,
  );
  return { send, user: userEvent.setup() };
}

const box = () => screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole("button", { name: /Send/ }) as HTMLButtonElement;

describe("ChatComposer", () => {
  it("sends the trimmed text on Enter, then clears", async () => {
    const { user, send } = renderComposer();
    await user.type(box(), "  Is the Birkin still available?  {Enter}");
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith("Is the Birkin still available?");
    expect(box().value).toBe("");
  });

  it("adds a line on Shift+Enter without sending", async () => {
    const { user, send } = renderComposer();
    await user.type(box(), "Size 25{Shift>}{Enter}{/Shift}Gold hardware");
    expect(send).not.toHaveBeenCalled();
    expect(box().value).toBe("Size 25\nGold hardware");

    await user.type(box(), "{Enter}");
    expect(send).toHaveBeenCalledWith("Size 25\nGold hardware");
  });

  it("sends with the button too", async () => {
    const { user, send } = renderComposer();
    await user.type(box(), "Hello");
    await user.click(sendButton());
    expect(send).toHaveBeenCalledWith("Hello");
  });

  it("is disabled while empty or only whitespace, and sends nothing then, saying why on Enter", async () => {
    const { user, send } = renderComposer();
    expect(sendButton().disabled).toBe(true);
    await user.type(box(), "   {Shift>}{Enter}{/Shift}  ");
    expect(sendButton().disabled).toBe(true);

    await user.type(box(), "{Enter}");
    expect(send).not.toHaveBeenCalled();
    expect(await screen.findByText(MESSAGES.enterMessage)).toBeTruthy();

    await user.type(box(), "x");
    expect(sendButton().disabled).toBe(false);
  });

  it("keeps the text when the message did not go", async () => {
    const send = vi.fn(async () => false);
    const { user } = renderComposer({ send });
    await user.type(box(), "Hello{Enter}");
    expect(send).toHaveBeenCalledTimes(1);
    expect(box().value).toBe("Hello");
  });

  it("sends nothing while a message is on its way", async () => {
    const { user, send } = renderComposer({ pending: true });
    await user.type(box(), "Hello{Enter}");
    expect(send).not.toHaveBeenCalled();
    expect(sendButton().textContent).toContain("Sending…");
    expect(sendButton().disabled).toBe(true);
  });

  it("says the person is typing only for real text", async () => {
    const onType = vi.fn();
    const { user } = renderComposer({ onType });
    await user.type(box(), "  ");
    expect(onType).not.toHaveBeenCalled();
    await user.type(box(), "Hi");
    expect(onType).toHaveBeenCalledTimes(2);
  });
});

describe("ScrollingThread", () => {
  const height = Object.getOwnPropertyDescriptor(Element.prototype, "scrollHeight");
  afterEach(() => {
    if (height) Object.defineProperty(Element.prototype, "scrollHeight", height);
  });

  it("is a labelled list reachable by keyboard that shows the newest message when one arrives", async () => {
    Object.defineProperty(Element.prototype, "scrollHeight", { configurable: true, get: () => 800 });
    const thread = (count: number) => (
      <ScrollingThread label="Messages" count={count}>
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>Message {i + 1}</li>
        ))}
      </ScrollingThread>
    );
    const { rerender } = render(thread(2));
    const list = screen.getByRole("list", { name: "Messages" });
    expect(list.scrollTop).toBe(800);

    await userEvent.setup().tab();
    expect(document.activeElement).toBe(list);

    list.scrollTop = 100; // the reader scrolls back up; a re-render alone leaves them there
    rerender(thread(2));
    expect(list.scrollTop).toBe(100);
    rerender(thread(3));
    expect(list.scrollTop).toBe(800);
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
  });
});
