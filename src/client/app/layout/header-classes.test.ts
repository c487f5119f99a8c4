import { describe, expect, it } from "vitest";
import { badgeVariants } from "@/client/components/ui/badge-variants";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { PLAN_BADGE_CLASS, SIGN_IN_BUTTON_CLASS } from "./header-classes";

describe("the header's precomputed classes", () => {
  it("are what the button and badge variants make", () => {
    expect(SIGN_IN_BUTTON_CLASS).toBe(buttonVariants({ variant: "outline", size: "sm" }));
    expect(PLAN_BADGE_CLASS).toBe(badgeVariants({ variant: "gold" }));
  });
});
