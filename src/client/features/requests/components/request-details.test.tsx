import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RequestDetail } from "../api";
import { RequestDetailsCard } from "./request-details";

const REQUEST: RequestDetail = {
  id: "5f2c8e9e-8a8b-4c9d-9f53-1b7a1c1f0c11",
  title: "A vintage Rolex Daytona",
  category: "Fashion",
  status: "New",
  urgency: "Medium",
  budgetEur: 25000,
  createdAt: "2026-11-20T10:00:00.000Z",
  notes: "",
  phoneNumber: "+351912345678",
  attachment: null,
  deadline: null,
  client: { id: "u1", name: "Marta Member", email: "marta@example.com" },
  deletable: true,
  concierge: null,
};

describe("a request's attachment (issue 34 item 12)", () => {
  it("shows an uploaded photo as itself, as a conversation's photos show", () => {
    render(
      <RequestDetailsCard
        request={{ ...REQUEST, attachment: { name: "daytona.jpg", type: "image/jpeg", size: 5000 } }}
      />,
    );
    const photo = screen.getByRole("img", { name: "daytona.jpg" }) as HTMLImageElement;
    expect(photo.getAttribute("src")).toBe(`/api/requests/${REQUEST.id}/attachment`);
    expect(screen.getByRole("link", { name: "Download" })).toBeTruthy();
  });

  it("shows a PDF as a file to download", () => {
    render(
      <RequestDetailsCard
        request={{ ...REQUEST, attachment: { name: "papers.pdf", type: "application/pdf", size: 5000 } }}
      />,
    );
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByText("papers.pdf")).toBeTruthy();
  });
});
