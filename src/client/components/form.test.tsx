import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MESSAGES } from "@/shared/contracts/common-texts";
import { REQUEST_CATEGORIES, URGENCIES } from "@/shared/requests";
import { type NewRequest, newRequestSchema } from "@/shared/schemas";
import { digitsOnlyField, Form, FormError, fieldsOf, useZodForm } from "./form";

type Submit = (values: NewRequest, setRootError: (message: string) => void) => unknown;

/** A form on the shared new-request schema (the one the server checks), with each kind of field. */
function NewRequestForm({ onSubmit }: { onSubmit: Submit }) {
  const form = useZodForm(newRequestSchema, {
    defaultValues: { title: "", budget_eur: "", urgency: "Medium", notes: "", phone_number: "" },
  });
  const { TextField, SelectField, TextareaField } = fieldsOf(form);
  return (
    <Form form={form} onSubmit={(values) => onSubmit(values, (message) => form.setError("root", { message }))}>
      <TextField name="title" label="Title" />
      <SelectField
        name="category"
        label="Category"
        placeholder="Select a category"
        options={REQUEST_CATEGORIES.map((value) => ({ value, label: value }))}
      />
      <TextField name="budget_eur" label="Budget (€)" inputMode="decimal" />
      <SelectField name="urgency" label="Urgency" options={URGENCIES.map((value) => ({ value, label: value }))} />
      <TextField name="phone_number" label="Phone" {...digitsOnlyField} />
      <TextareaField name="notes" label="Notes" hint="Up to 2000 characters." />
      <FormError />
      <button type="submit">Submit request</button>
    </Form>
  );
}

const field = (name: string) => screen.getByRole("textbox", { name });
const submit = () => screen.getByRole("button", { name: "Submit request" });

describe("Form on a shared schema", () => {
  it("shows the schema's exact message under each invalid field, focuses the first, and does not submit", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<NewRequestForm onSubmit={onSubmit} />);

    await user.click(submit());

    expect(field("Title").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("textbox", { name: "Title", description: MESSAGES.titleTooShort })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Category", description: MESSAGES.categoryRequired })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Budget (€)", description: MESSAGES.budgetTooLow })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Phone", description: MESSAGES.phoneTooShort })).toBeTruthy();
    expect(
      screen
        .getAllByRole("alert")
        .map((alert) => alert.textContent)
        .sort(),
    ).toEqual(
      [MESSAGES.budgetTooLow, MESSAGES.categoryRequired, MESSAGES.phoneTooShort, MESSAGES.titleTooShort].sort(),
    );
    expect(document.activeElement).toBe(field("Title"));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("after a first attempt, an error follows the input", async () => {
    const user = userEvent.setup();
    render(<NewRequestForm onSubmit={vi.fn()} />);
    await user.click(submit());

    await user.type(field("Title"), "Bi");
    expect(screen.getByRole("textbox", { name: "Title", description: MESSAGES.titleTooShort })).toBeTruthy();
    await user.type(field("Title"), "r");
    expect(field("Title").getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText(MESSAGES.titleTooShort)).toBeNull();
  });

  it("submits the schema's parsed values (trimmed, coerced) from every kind of field", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<NewRequestForm onSubmit={onSubmit} />);

    await user.type(field("Title"), "  Birkin 25 in Gold Togo  ");
    await user.click(screen.getByRole("combobox", { name: "Category" }));
    await user.click(await screen.findByRole("option", { name: "Fashion" }));
    expect(screen.getByRole("combobox", { name: "Category" }).textContent).toContain("Fashion");
    await user.type(field("Budget (€)"), "25000");
    await user.click(screen.getByRole("combobox", { name: "Urgency" }));
    await user.click(await screen.findByRole("option", { name: "High" }));
    await user.type(field("Phone"), "912 345-678");
    await user.type(field("Notes"), "Size 25{Shift>}{Enter}{/Shift}Gold hardware");
    await user.click(submit());

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toEqual({
      title: "Birkin 25 in Gold Togo",
      category: "Fashion",
      budget_eur: 25000,
      urgency: "High",
      phone_number: "912345678",
      notes: "Size 25\nGold hardware",
    });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps only digits in a digits-only field as they are typed", async () => {
    const user = userEvent.setup();
    render(<NewRequestForm onSubmit={vi.fn()} />);
    await user.type(field("Phone"), "+351 (91) 2a");
    expect((field("Phone") as HTMLInputElement).value).toBe("351912");
  });

  it("shows a hint until the field has an error", async () => {
    const user = userEvent.setup();
    render(<NewRequestForm onSubmit={vi.fn()} />);
    expect(screen.getByText("Up to 2000 characters.")).toBeTruthy();

    await user.click(field("Notes"));
    await user.paste("x".repeat(2001));
    await user.click(submit());
    expect(screen.getByRole("textbox", { name: "Notes", description: MESSAGES.notesTooLong })).toBeTruthy();
    expect(screen.queryByText("Up to 2000 characters.")).toBeNull();
  });

  it("shows the call's own failure as the form's error", async () => {
    const user = userEvent.setup();
    render(<NewRequestForm onSubmit={(_values, setRootError) => setRootError("Your card was declined.")} />);
    await user.type(field("Title"), "Birkin");
    await user.click(screen.getByRole("combobox", { name: "Category" }));
    await user.click(await screen.findByRole("option", { name: "Autos" }));
    await user.type(field("Budget (€)"), "1");
    await user.type(field("Phone"), "912345678");
    expect(screen.queryByRole("alert")).toBeNull();

    await user.click(submit());
    expect((await screen.findByRole("alert")).textContent).toBe("Your card was declined.");
  });
});
