import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { PresenceLine, type SeenMessage, useCollisionGuard } from "./presence";

describe("PresenceLine", () => {
  it("says who else is viewing and who is replying, politely, and nothing when alone", () => {
    const { rerender } = render(
      <PresenceLine
        others={[
          { id: "a", name: "Rita Reis", typing: true },
          { id: "b", name: "Bruno Lima", typing: false },
        ]}
      />,
    );
    expect(screen.getByText("Also viewing: Rita Reis, Bruno Lima")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Rita is replying…");
    rerender(<PresenceLine others={[]} />);
    expect(screen.queryByText(/Also viewing/)).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("");
  });
});

/** A composer using the guard: `thread` is what the page shows, `fresh` what the server has at Send. */
function Composer({ thread, fresh, send }: { thread: SeenMessage[]; fresh: SeenMessage[]; send: () => void }) {
  const [sent, setSent] = useState(0);
  const guard = useCollisionGuard(
    () => thread,
    async () => fresh,
  );
  const onSend = guard.guard(async () => {
    send();
    setSent((n) => n + 1);
    return true;
  });
  return (
    <div>
      <input aria-label="Reply" onChange={guard.onType} />
      <button type="button" onClick={() => void onSend()}>
        Send
      </button>
      <span>sent {sent}</span>
      {guard.dialog}
    </div>
  );
}

describe("useCollisionGuard", () => {
  const seen: SeenMessage[] = [{ id: "m1", otherStaff: null }];
  const replied: SeenMessage[] = [...seen, { id: "m2", otherStaff: "Beatriz Sousa" }];

  it("sends at once when nobody replied since the draft began", async () => {
    const send = vi.fn();
    render(<Composer thread={seen} fresh={[...seen, { id: "m2", otherStaff: null }]} send={send} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Reply"), "Hello");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(send).toHaveBeenCalledOnce();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("asks when another staff member replied meanwhile: Review keeps the draft, Send anyway sends", async () => {
    const send = vi.fn();
    const { rerender } = render(<Composer thread={seen} fresh={replied} send={send} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Reply"), "Hello");
    await user.click(screen.getByRole("button", { name: "Send" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: "Beatriz replied while you were writing. Send anyway?",
    });
    expect(dialog.textContent).toContain("Review keeps your draft");
    await user.click(screen.getByRole("button", { name: "Review" }));
    expect(send).not.toHaveBeenCalled();
    expect(screen.queryByRole("alertdialog")).toBeNull();

    // Reviewed: the thread as it is now is what was seen; the next Send goes.
    rerender(<Composer thread={replied} fresh={replied} send={send} />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(send).toHaveBeenCalledOnce();

    // A new draft, another reply meanwhile: Send anyway sends it.
    const later: SeenMessage[] = [...replied, { id: "m3", otherStaff: "Rita Reis" }];
    rerender(<Composer thread={replied} fresh={later} send={send} />);
    await user.type(screen.getByLabelText("Reply"), "Again");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await user.click(await screen.findByRole("button", { name: "Send anyway" }));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("asks nothing when the draft was never typed (nothing to compare)", async () => {
    const send = vi.fn();
    render(<Composer thread={seen} fresh={replied} send={send} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Send" }));
    expect(send).toHaveBeenCalledOnce();
  });
});
