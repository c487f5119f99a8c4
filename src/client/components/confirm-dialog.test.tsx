import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as React from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn<ConfirmDialogProps["onConfirm"]>();
  render(
    <ConfirmDialog
      trigger={<button type="button">Delete request</button>}
      title="Delete this request?"
      description="The request and its messages will be removed."
      confirmLabel="Delete"
      destructive
      onConfirm={onConfirm}
      {...props}
    />,
  );
  return { onConfirm, user: userEvent.setup() };
}

const trigger = () => screen.getByRole("button", { name: "Delete request" });
const dialog = () => screen.queryByRole("alertdialog", { name: "Delete this request?" });

describe("ConfirmDialog", () => {
  it("opens from its trigger with its title and what will happen", async () => {
    const { user, onConfirm } = renderDialog();
    expect(dialog()).toBeNull();
    await user.click(trigger());
    expect(screen.getByRole("alertdialog", { description: "The request and its messages will be removed." })).toBe(
      dialog(),
    );
    // Focus stays inside; nothing is confirmed by opening it.
    expect(dialog()?.contains(document.activeElement)).toBe(true);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("calls confirm on confirm, once, and closes", async () => {
    const { user, onConfirm } = renderDialog();
    await user.click(trigger());
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
  });

  it("closes on Cancel without confirming, and gives focus back to the trigger", async () => {
    const { user, onConfirm } = renderDialog();
    await user.click(trigger());
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(dialog()).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(trigger());
  });

  it("closes on Escape without confirming", async () => {
    const { user, onConfirm } = renderDialog();
    await user.click(trigger());
    await user.keyboard("{Escape}");
    expect(dialog()).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("stays open when confirm prevents the default (the work runs, or an error shows)", async () => {
    const onConfirm = vi.fn((event: React.MouseEvent) => event.preventDefault());
    const { user } = renderDialog({ onConfirm });
    await user.click(trigger());
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(dialog()).not.toBeNull();
  });

  it("disables both buttons while busy", async () => {
    const { user, onConfirm } = renderDialog({ busy: true, cancelLabel: "Keep it" });
    await user.click(trigger());
    const confirm = screen.getByRole("button", { name: "Delete" }) as HTMLButtonElement;
    const cancel = screen.getByRole("button", { name: "Keep it" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(cancel.disabled).toBe(true);
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("follows `open` when controlled from elsewhere, and reports Cancel", async () => {
    const onOpenChange = vi.fn();
    const { user, onConfirm } = renderDialog({ trigger: undefined, open: true, onOpenChange });
    expect(dialog()).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
