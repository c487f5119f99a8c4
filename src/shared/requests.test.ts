import { describe, expect, it } from "vitest";
import { allowedTransitions, canTransition, isActiveStatus, isMemberEditable, REQUEST_STATUSES } from "./requests";

describe("request status transitions", () => {
  it("moves forward one step at a time", () => {
    expect(canTransition("New", "Sourcing")).toBe(true);
    expect(canTransition("Sourcing", "Quoted")).toBe(true);
    expect(canTransition("Quoted", "Found")).toBe(true);
  });

  it("allows Failed from any status but Failed itself and Withdrawn", () => {
    for (const from of REQUEST_STATUSES.filter((s) => s !== "Failed" && s !== "Withdrawn")) {
      expect(canTransition(from, "Failed")).toBe(true);
    }
    expect(allowedTransitions("Failed")).toEqual([]);
  });

  it("offers staff no move from Withdrawn, and no move to it: only the member withdraws", () => {
    expect(allowedTransitions("Withdrawn")).toEqual([]);
    for (const from of REQUEST_STATUSES) expect(canTransition(from, "Withdrawn")).toBe(false);
  });

  it("lets the member change or withdraw only while New or Sourcing", () => {
    expect(REQUEST_STATUSES.filter(isMemberEditable)).toEqual(["New", "Sourcing"]);
  });

  it("refuses skips, moves back and Delivered", () => {
    expect(canTransition("New", "Quoted")).toBe(false);
    expect(canTransition("Quoted", "Sourcing")).toBe(false);
    expect(canTransition("Found", "Delivered")).toBe(false);
    expect(canTransition("New", "New")).toBe(false);
    expect(allowedTransitions("Delivered")).toEqual(["Failed"]);
  });

  it("counts New, Sourcing and Quoted as active", () => {
    expect(REQUEST_STATUSES.filter(isActiveStatus)).toEqual(["New", "Sourcing", "Quoted"]);
  });
});
