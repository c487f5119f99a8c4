import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { requestDetail } from "../test-fixtures";
import { RequestDetailsCard } from "./request-details";

const REQUEST = requestDetail();

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
