import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { OwnerSelect } from "./owner-select";

const ANA = { id: "u1", name: "Ana Sousa" };
const RUI = { id: "u2", name: "Rui Costa" };

function renderSelect(owner: typeof ANA | null, staff = [RUI]) {
  const onChange = vi.fn();
  render(
    <OwnerSelect
      owner={owner}
      staff={staff}
      label="Owner of the request"
      unassigned="Unassigned"
      onChange={onChange}
    />,
  );
  return { onChange, user: userEvent.setup() };
}

describe("the owner select", () => {
  it("offers nobody and the staff, keeping a current owner the list lacks", async () => {
    const { user } = renderSelect(ANA);
    const select = screen.getByRole("combobox", { name: "Owner of the request" });
    expect(select.textContent).toContain("Ana Sousa");
    await user.click(select);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Unassigned",
      "Ana Sousa",
      "Rui Costa",
    ]);
  });

  it("tells a change, with null for nobody, and not the owner chosen again", async () => {
    const { onChange, user } = renderSelect(ANA);
    await user.click(screen.getByRole("combobox", { name: "Owner of the request" }));
    await user.click(screen.getByRole("option", { name: "Ana Sousa" }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole("combobox", { name: "Owner of the request" }));
    await user.click(screen.getByRole("option", { name: "Unassigned" }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
