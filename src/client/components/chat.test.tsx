import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentProps } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@/shared/contracts/common-texts";
import { ChatComposer, ScrollingThread } from "./chat";
import { Toaster } from "./ui/sonner";

function renderComposer(props: Partial<ComponentProps<typeof ChatComposer>> = {}) {
  const send = vi.fn(async (_text: string, _fileIds: string[]) => true);
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
    expect(send).toHaveBeenCalledWith("Is the Birkin still available?", []);
    expect(box().value).toBe("");
  });

  it("adds a line on Shift+Enter without sending", async () => {
    const { user, send } = renderComposer();
    await user.type(box(), "Size 25{Shift>}{Enter}{/Shift}Gold hardware");
    expect(send).not.toHaveBeenCalled();
    expect(box().value).toBe("Size 25\nGold hardware");

    await user.type(box(), "{Enter}");
    expect(send).toHaveBeenCalledWith("Size 25\nGold hardware", []);
  });

  it("sends with the button too", async () => {
    const { user, send } = renderComposer();
    await user.type(box(), "Hello");
    await user.click(sendButton());
    expect(send).toHaveBeenCalledWith("Hello", []);
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

describe("ChatComposer's attachments", () => {
  /** An upload the test finishes by hand: `progress(f)` reports, `finish(id)` answers. */
  function controlledUpload() {
    const calls: Array<{ file: File; progress: (f: number) => void; finish: (id: string) => void }> = [];
    const upload = vi.fn(
      (file: File, onProgress: (fraction: number) => void) =>
        new Promise<{ id: string }>((resolve) => {
          calls.push({ file, progress: onProgress, finish: (id) => resolve({ id }) });
        }),
    );
    return { upload, calls };
  }
  const photo = (name = "kelly.png") => new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });
  const form = () => box().closest("form") as HTMLFormElement;

  it("adds a dropped file, shows its upload progress, and sends it with no text", async () => {
    const { upload, calls } = controlledUpload();
    const { user, send } = renderComposer({ attachments: { upload, max: 5, accept: "image/*" } });
    fireEvent.dragOver(form(), { dataTransfer: { types: ["Files"], files: [] } });
    fireEvent.drop(form(), { dataTransfer: { types: ["Files"], files: [photo()] } });
    expect(upload).toHaveBeenCalledTimes(1);
    const bar = screen.getByRole("progressbar", { name: "Uploading kelly.png" }) as HTMLProgressElement;
    expect(bar.value).toBe(0);
    // Nothing to send while it uploads.
    expect(sendButton().disabled).toBe(true);
    act(() => calls[0].progress(0.4));
    expect(bar.value).toBe(40);
    await act(async () => calls[0].finish("file-1"));
    expect(await screen.findByText("Ready")).toBeTruthy();
    expect(sendButton().disabled).toBe(false);
    await user.click(sendButton());
    expect(send).toHaveBeenCalledWith("", ["file-1"]);
    await waitFor(() => expect(screen.queryByRole("list", { name: "Files to send" })).toBeNull());
  });

  it("adds a pasted file without pasting text, and sends it with the text", async () => {
    const { upload, calls } = controlledUpload();
    const { user, send } = renderComposer({ attachments: { upload, max: 5, accept: "image/*" } });
    await user.type(box(), "The receipt");
    fireEvent.paste(box(), { clipboardData: { files: [photo("receipt.png")], getData: () => "" } });
    expect(calls[0].file.name).toBe("receipt.png");
    await act(async () => calls[0].finish("file-2"));
    await user.type(box(), "{Enter}");
    expect(send).toHaveBeenCalledWith("The receipt", ["file-2"]);
  });

  it("takes at most `max` files, and a file can be removed before sending", async () => {
    const { upload } = controlledUpload();
    const { user } = renderComposer({ attachments: { upload, max: 2, accept: "image/*" } });
    fireEvent.drop(form(), {
      dataTransfer: { types: ["Files"], files: [photo("a.png"), photo("b.png"), photo("c.png")] },
    });
    expect(upload).toHaveBeenCalledTimes(2);
    expect(await screen.findByText("Please attach at most 2 files to a message.")).toBeTruthy();
    expect((screen.getByRole("button", { name: /Attach/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Remove a.png" }));
    expect(screen.queryByText("a.png")).toBeNull();
    expect((screen.getByRole("button", { name: /Attach/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("has no attachment controls without the slot (the snippet slot alone is unchanged)", () => {
    renderComposer();
    expect(screen.queryByRole("button", { name: /Attach/ })).toBeNull();
  });
});
