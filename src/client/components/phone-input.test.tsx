import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { REQUEST_COUNTRY_CODES } from "@/shared/phone";
import { PhoneInput } from "./phone-input";

/** The input as a form holds it: both parts in state, reported on each change. */
function Phone({ onChange, invalid }: { onChange: (phone: string) => void; invalid?: boolean }) {
  const [countryCode, setCountryCode] = useState("+351");
  const [digits, setDigits] = useState("");
  return (
    <>
      <label htmlFor="phone">Phone</label>
      <PhoneInput
        id="phone"
        codes={REQUEST_COUNTRY_CODES}
        countryCode={countryCode}
        digits={digits}
        invalid={invalid}
        onCountryCodeChange={(code) => {
          setCountryCode(code);
          onChange(code + digits);
        }}
        onDigitsChange={(next) => {
          setDigits(next);
          onChange(countryCode + next);
        }}
      />
    </>
  );
}

describe("PhoneInput", () => {
  it("keeps only the digits typed, and offers the country codes given", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Phone onChange={onChange} />);
    const number = screen.getByRole("textbox", { name: "Phone" }) as HTMLInputElement;

    await user.type(number, "912 345-67a8");
    expect(number.value).toBe("912345678");
    expect(onChange).toHaveBeenLastCalledWith("+351912345678");

    const code = screen.getByRole("combobox", { name: "Country code" });
    expect(code.textContent).toContain("+351");
    await user.click(code);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([...REQUEST_COUNTRY_CODES]);
    await user.click(screen.getByRole("option", { name: "+44" }));
    expect(code.textContent).toContain("+44");
    expect(onChange).toHaveBeenLastCalledWith("+44912345678");
  });

  it("marks the number invalid only when told", () => {
    const { rerender } = render(<Phone onChange={vi.fn()} />);
    expect(screen.getByRole("textbox", { name: "Phone" }).getAttribute("aria-invalid")).toBeNull();
    rerender(<Phone onChange={vi.fn()} invalid />);
    expect(screen.getByRole("textbox", { name: "Phone" }).getAttribute("aria-invalid")).toBe("true");
  });
});
