import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithQueries, stubServer } from "#tests/helpers/components";
import { RatingCard } from "./rating-card";

const OPEN = { state: "open", rating: null };
const GIVEN = { state: "given", rating: { score: 2, comment: "", createdAt: "2026-11-27T10:00:00.000Z" } };

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("RatingCard", () => {
  it("shows nothing before receipt is confirmed", async () => {
    const calls = stubServer({ status: 200, body: { state: "unavailable", rating: null } });
    renderWithQueries(<RatingCard requestId="r1" />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByText("How was your experience?")).toBeNull();
  });

  it("asks for a score first, then sends the score and the comment", async () => {
    let given = false;
    const calls = stubServer(() => ({ status: given ? 201 : 200, body: given ? GIVEN : OPEN }));
    renderWithQueries(<RatingCard requestId="r1" />);
    const user = userEvent.setup();
    await screen.findByText("How was your experience?");
    await user.click(screen.getByRole("button", { name: "Send rating" }));
    expect(screen.getByRole("alert").textContent).toBe("Please choose a rating from 1 to 5");
    await user.click(screen.getByRole("radio", { name: "2 out of 5" }));
    expect((screen.getByRole("radio", { name: "2 out of 5" }) as HTMLInputElement).checked).toBe(true);
    await user.type(screen.getByLabelText("Anything you would like to tell us? (optional)"), "Scratched");
    given = true;
    await user.click(screen.getByRole("button", { name: "Send rating" }));
    await screen.findByText("Thank you for rating this delivery.");
    const post = calls.find((c) => c.method === "POST");
    expect(post?.url).toBe("/api/requests/r1/rating");
    expect(post?.body).toEqual({ score: 2, comment: "Scratched" });
  });

  it("folds to one line with Later, remembered, and opens again from the same page", async () => {
    stubServer({ status: 200, body: OPEN });
    renderWithQueries(<RatingCard requestId="r2" />);
    const user = userEvent.setup();
    await screen.findByText("How was your experience?");
    await user.click(screen.getByRole("button", { name: "Later" }));
    expect(screen.getByText("You can rate this delivery whenever you like.")).toBeTruthy();
    expect(window.localStorage.getItem("maison.rating-later.r2")).toBe("1");
    await user.click(screen.getByRole("button", { name: "Rate this delivery" }));
    expect(screen.getByText("How was your experience?")).toBeTruthy();
  });
});
