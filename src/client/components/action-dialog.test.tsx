import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/client/lib/http";
import { ActionDialog, type ActionDialogProps } from "./action-dialog";
import { Toaster } from "./ui/sonner";

const props: ActionDialogProps = {
  trigger: <button type="button">Void</button>,
  title: "Void the invoice?",
  description: "The member can no longer pay it.",
  confirmLabel: "Void it",
  onConfirm: async () => undefined,
  success: "Invoice voided",
  failure: "The invoice could not be voided.",
};

function renderDialog(extra: Partial<ActionDialogProps> = {}) {
  render(
    <>
      <ActionDialog {...props} {...extra} />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

/** The dialog of an action that is still running once confirmed. */
function Running() {
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    return new Promise(() => undefined);
  };
  return <ActionDialog {...props} busy={busy} onConfirm={run} />;
}

const dialog = () => screen.queryByRole("alertdialog", { name: "Void the invoice?" });

describe("ActionDialog", () => {
  it("runs the action on confirm, then closes and says it is done", async () => {
    const onConfirm = vi.fn(async () => undefined);
    const user = renderDialog({ onConfirm });
    await user.click(screen.getByRole("button", { name: "Void" }));
    await user.click(screen.getByRole("button", { name: "Void it" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("Invoice voided")).toBeTruthy();
    expect(dialog()).toBeNull();
  });

  it("says the server's refusal, else its own words, and closes", async () => {
    const user = renderDialog({
      onConfirm: () => Promise.reject(new ApiError(409, "The invoice is already paid.")),
    });
    await user.click(screen.getByRole("button", { name: "Void" }));
    await user.click(screen.getByRole("button", { name: "Void it" }));
    expect(await screen.findByText("The invoice is already paid.")).toBeTruthy();
    expect(dialog()).toBeNull();
  });

  it("cannot be closed while the action runs", async () => {
    render(<Running />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Void" }));
    await user.click(screen.getByRole("button", { name: "Void it" }));
    await user.keyboard("{Escape}");
    expect(dialog()).not.toBeNull();
    expect((screen.getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
