import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatSpan, ServiceClock } from "./service-clock";

const now = new Date("2026-06-09T08:00:00Z");

describe("ServiceClock", () => {
  it("says how long is left, and how long overdue", () => {
    render(
      <>
        <ServiceClock
          now={now}
          clock={{
            state: "due_soon",
            target: "first_reply",
            dueAt: "2026-06-09T08:10:00.000Z",
            remainingMinutes: null,
          }}
        />
        <ServiceClock
          now={now}
          clock={{ state: "breached", target: "next_reply", dueAt: "2026-06-09T06:55:00.000Z", remainingMinutes: null }}
        />
        <ServiceClock
          now={now}
          clock={{ state: "paused", target: "resolution", dueAt: null, remainingMinutes: 1430 }}
        />
      </>,
    );
    expect(screen.getByText("10 min left")).toBeTruthy();
    expect(screen.getByText(/First reply due/)).toBeTruthy();
    expect(screen.getByText("Overdue 1 h 05")).toBeTruthy();
    expect(screen.getByText("Paused · 23 h 50 left")).toBeTruthy();
  });

  it("shows nothing once stopped", () => {
    const { container } = render(
      <ServiceClock now={now} clock={{ state: "stopped", target: null, dueAt: null, remainingMinutes: null }} />,
    );
    expect(container.textContent).toBe("");
  });

  it("formats spans", () => {
    expect(formatSpan(0)).toBe("0 min");
    expect(formatSpan(59.6)).toBe("1 h 00");
    expect(formatSpan(3 * 1440)).toBe("3 d");
    expect(formatSpan(1440 + 120)).toBe("1 d 2 h");
  });
});
