import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { MailBanner } from "./admin-layout";

function renderBanner() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const body = url.includes("badges")
        ? { requests: 0, messages: 0, notifications: 0, mail: { configured: false, held: 3 } }
        : { user: null };
      return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "*", element: <MailBanner /> }]);
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the email notice of the staff's screens (issue 34 item 13)", () => {
  it("is one slim line, dismissed for the session", async () => {
    sessionStorage.clear();
    const first = renderBanner();
    const notice = await screen.findByRole("complementary", { name: "Email status" });
    expect(notice.textContent).toContain("Email is not configured. 3 messages are held in the outbox");
    expect(notice.className).toContain("text-xs");
    expect(notice.className).not.toMatch(/\bpy-3\b/);
    await userEvent.setup().click(screen.getByRole("button", { name: "Dismiss the email notice" }));
    expect(screen.queryByRole("complementary", { name: "Email status" })).toBeNull();
    first.unmount();
    // Another screen of the same session: still dismissed.
    renderBanner();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("complementary", { name: "Email status" })).toBeNull();
  });
});
