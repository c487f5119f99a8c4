import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AdminPage } from "./admin-page";
import { RefreshButton } from "./refresh-button";

describe("an admin page", () => {
  it("heads its content with the title, and names the browser tab after it unless told otherwise", async () => {
    const { rerender } = render(
      <AdminPage width="4xl" eyebrow="Admin" title="Outbox" description="What the app sent.">
        <p>The list</p>
      </AdminPage>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Outbox" })).toBeTruthy();
    expect(screen.getByText("What the app sent.")).toBeTruthy();
    expect(screen.getByText("The list")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Outbox · Maison"));
    rerender(
      <AdminPage width="4xl" eyebrow="Admin" title="Settings" documentTitle="Admin Settings">
        <p>The list</p>
      </AdminPage>,
    );
    await waitFor(() => expect(document.title).toBe("Admin Settings · Maison"));
  });
});

describe("the refresh button", () => {
  it("refetches, and is busy until the answer is in", async () => {
    let answer: () => void = () => {};
    const refetch = () => new Promise<void>((resolve) => (answer = resolve));
    render(<RefreshButton query={{ refetch }} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Refresh" }));
    const busy = screen.getByRole("button", { name: "Refreshing…" }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    answer();
    expect(await screen.findByRole("button", { name: "Refresh" })).toBeTruthy();
  });
});
