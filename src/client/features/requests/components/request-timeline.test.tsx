/** The member's timeline in the interface's language: the server's English said again by its key (decision 028). */
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setActiveLocale } from "@/client/lib/i18n";
import type { TimelineEntry } from "../api";
import { TimelineList } from "./request-timeline";

const ITEMS: TimelineEntry[] = [
  {
    id: "1",
    text: "You submitted your request",
    key: "timeline.created",
    actor: "you",
    createdAt: "2026-11-20T10:00:00.000Z",
  },
  {
    id: "2",
    text: "A hold of €25,000 was placed on your card",
    key: "timeline.hold_placed_amount",
    amountCents: 2_500_000,
    actor: "team",
    createdAt: "2026-11-21T10:00:00.000Z",
  },
  // A key this client does not know yet (a newer server): the English, as sent.
  { id: "3", text: "Something new", key: "timeline.not_yet_known", actor: "system", createdAt: "2026-11-22T10:00:00Z" },
];

describe("the member's timeline", () => {
  afterEach(() => setActiveLocale("en"));

  it("says the server's English in English", () => {
    render(<TimelineList items={ITEMS} />);
    expect(screen.getByText("You submitted your request")).toBeTruthy();
    expect(screen.getByText("A hold of €25,000 was placed on your card")).toBeTruthy();
    expect(screen.getByText("Something new")).toBeTruthy();
  });

  it("says it in Portuguese, the amount in Portuguese format", () => {
    setActiveLocale("pt-PT");
    render(<TimelineList items={ITEMS} />);
    expect(screen.getByText("Submeteu o seu pedido")).toBeTruthy();
    expect(screen.getByText(/^Foi efetuada uma pré-autorização de 25\s000\s€ no seu cartão$/)).toBeTruthy();
    expect(screen.getByText("Something new")).toBeTruthy();
    expect(screen.getByText(/A equipa Maison/)).toBeTruthy();
  });
});
