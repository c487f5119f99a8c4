import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatCards } from "./dashboard-cards";

const figureOf = (label: string) => screen.getByText(label, { selector: "dt" }).parentElement?.textContent;

describe("the operations dashboard's counters", () => {
  it("say their word in agreement with the figure: 1 request, 2 requests (issue 34 item 14)", () => {
    render(<StatCards cards={{ total: 1, new: 1, sourcing: 0, delivered: 0, clients: 1, unreadMessages: 2 }} />);
    expect(figureOf("Total")).toBe("Total request1request");
    expect(figureOf("Clients")).toBe("Clients member1member");
    expect(figureOf("Messages")).toBe("Messages unread2unread");
  });

  it("and in the plural for any other figure", () => {
    render(<StatCards cards={{ total: 12, new: 0, sourcing: 0, delivered: 0, clients: 0, unreadMessages: 0 }} />);
    expect(figureOf("Total")).toBe("Total requests12requests");
    expect(figureOf("Clients")).toBe("Clients members0members");
  });
});
