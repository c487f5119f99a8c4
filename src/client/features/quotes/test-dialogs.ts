/** Steps in the quotes feature's dialogs, for its component tests. */
import { within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { expect } from "vitest";

type User = ReturnType<typeof userEvent.setup>;

/** In an amount dialog (a refund, a balance invoice): types `amount` afresh, then presses the dialog's `button`. */
export async function submitAmount(user: User, dialog: HTMLElement, amount: string, button: string) {
  const field = within(dialog).getByLabelText("Amount (€)");
  await user.clear(field);
  await user.type(field, amount);
  await user.click(within(dialog).getByRole("button", { name: button }));
}

/** The dialog says `message`, and nothing was sent. */
export function expectRefused(dialog: HTMLElement, message: string, api: { calls: unknown[] }) {
  expect(within(dialog).getByRole("alert").textContent).toBe(message);
  expect(api.calls).toHaveLength(0);
}

/** One call was sent, and it was `key` with `body`. */
export function expectSent(api: { calls: unknown[] }, key: string, body: unknown) {
  expect(api.calls).toEqual([{ key, body }]);
}
