import { describe, expect, it } from "vitest";
import { formatEuro } from "@/shared/format";
import { formatPrice } from "./price";

describe("formatPrice", () => {
  it("says a whole price as formatEuro does, in each language", () => {
    for (const amount of [1, 99, 499, 2000, 25000, 1250000]) {
      expect(formatPrice(amount, "en")).toBe(formatEuro(amount, "en"));
      expect(formatPrice(amount, "pt-PT")).toBe(formatEuro(amount, "pt-PT"));
    }
  });
});
