import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatusBadge, UrgencyLabel } from "./status-badge";

describe("StatusBadge", () => {
  it("reads a status as people say it, and an unknown one as it is", () => {
    render(
      <ul>
        {["Quoted", "past_due", "canceled", "paid", "responded", "on_hold"].map((status) => (
          <li key={status}>
            <StatusBadge status={status} />
          </li>
        ))}
      </ul>,
    );
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Quoted",
      "Past due",
      "Canceled",
      "Paid",
      "Responded",
      "on_hold",
    ]);
  });

  it("gives a request's status the same look wherever it is shown, and different statuses different looks", () => {
    render(
      <>
        <StatusBadge status="Failed" />
        <StatusBadge status="Failed" className="ml-2" />
        <StatusBadge status="Delivered" />
      </>,
    );
    const [member, admin] = screen.getAllByText("Failed");
    expect(admin.className).toBe(`${member.className} ml-2`);
    expect(screen.getByText("Delivered").className).not.toBe(member.className);
  });

  it("sets a High urgency apart", () => {
    render(
      <>
        <UrgencyLabel urgency="High" />
        <UrgencyLabel urgency="Low" />
      </>,
    );
    expect(screen.getByText("High").className).not.toBe(screen.getByText("Low").className);
  });
});
