import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type Answer, renderWithQueries, stubServer } from "#tests/helpers/components";
import { PasswordCard } from "./password-card";

/** The card with a server that answers `answer` to the password change; the calls it received. */
function renderCard(answer?: Answer) {
  const calls = stubServer(answer);
  renderWithQueries(<PasswordCard />);
  return calls;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => screen.getByRole("button", { name: "Change Password" });

async function fill(values: { current?: string; next?: string; confirm?: string }) {
  const user = userEvent.setup();
  if (values.current) await user.type(input("Current password"), values.current);
  if (values.next) await user.type(input("New password"), values.next);
  if (values.confirm) await user.type(input("Confirm new password"), values.confirm);
  return user;
}

describe("the password form", () => {
  it("asks for the current password and a valid new one, without calling the server", async () => {
    const calls = renderCard();
    const user = userEvent.setup();
    await user.click(submit());
    expect(await screen.findByText("Please enter your current password.")).toBeTruthy();
    expect(screen.getByText("Password must be at least 6 characters")).toBeTruthy();
    expect(document.activeElement).toBe(input("Current password"));
    expect(calls).toEqual([]);
  });

  it("refuses a confirmation that differs and a new password equal to the current one", async () => {
    const calls = renderCard();
    const user = await fill({ current: "old-secret", next: "old-secret", confirm: "something-else" });
    await user.click(submit());
    expect(await screen.findByText("Your new password must be different from the current one.")).toBeTruthy();
    expect(screen.getByText("The passwords do not match")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("sends the change with 'Sign out of my other sessions' and empties the form", async () => {
    const calls = renderCard();
    const user = await fill({ current: "old-secret", next: "new-secret", confirm: "new-secret" });
    const box = screen.getByRole("checkbox", { name: /Sign out of my other sessions/ });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await user.click(submit());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: "/api/account/password",
      method: "POST",
      body: { currentPassword: "old-secret", newPassword: "new-secret", signOutOthers: true },
    });
    await waitFor(() => expect(input("Current password").value).toBe(""));
    expect(input("New password").value).toBe("");
    expect((box as HTMLInputElement).checked).toBe(false);
  });

  it("shows a wrong current password under its field", async () => {
    renderCard({ status: 403, body: { error: "Your current password is not correct.", code: "wrong_password" } });
    const user = await fill({ current: "not-it", next: "new-secret", confirm: "new-secret" });
    await user.click(submit());
    const message = await screen.findByText("Your current password is not correct.");
    expect(message.id).toBe("currentPassword-error");
    expect(input("Current password").getAttribute("aria-invalid")).toBe("true");
    expect(input("New password").value).toBe("new-secret");
  });

  it("shows any other refusal above the button", async () => {
    renderCard({ status: 429, body: { error: "Too many attempts. Please wait a few minutes and try again." } });
    const user = await fill({ current: "old-secret", next: "new-secret", confirm: "new-secret" });
    await user.click(submit());
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many attempts. Please wait a few minutes and try again.",
    );
  });
});
