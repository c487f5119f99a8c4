/** The profile's invoicing details (issue 30, decision 034): shown as saved, the NIF checked, sent with the profile. */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { type Answer, memberSession, renderWithQueries, stubServer } from "#tests/helpers/components";
import { Toaster } from "@/client/components/ui/sonner";
import { setActiveLocale } from "@/client/lib/i18n";
import type { SessionInfo } from "@/shared/session";
import { ProfileForm } from "./profile-form";

/** The form over a saved session; the server answers PUT /api/profile with `answer` (or the body it got). */
function renderForm(profile: Partial<NonNullable<SessionInfo["profile"]>> = {}, answer?: Answer) {
  const session = memberSession({ name: "Ana Sousa", phone: "+351912345678", ...profile });
  const calls = stubServer(
    answer ?? ((body) => ({ status: 200, body: { ...session, profile: { ...session.profile, ...(body as object) } } })),
  );
  renderWithQueries(
    <>
      <ProfileForm />
      <Toaster />
    </>,
    { session },
  );
  return { calls, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("the profile's invoicing details", () => {
  afterEach(() => setActiveLocale("en"));

  it("shows the saved billing name, address and NIF in their own section", () => {
    renderForm({
      billingName: "Sousa & Filhos, Lda.",
      billingAddress: "Rua Augusta 1\n1100-048 Lisboa",
      taxId: "501964843",
    });
    expect(screen.getByRole("group", { name: "Invoicing details" })).toBeTruthy();
    expect(field("Billing name").value).toBe("Sousa & Filhos, Lda.");
    expect(field("Billing address").value).toBe("Rua Augusta 1\n1100-048 Lisboa");
    expect(field("NIF (Portuguese tax number)").value).toBe("501964843");
  });

  it("refuses a NIF whose check digit is wrong, and sends nothing", async () => {
    const { calls, user } = renderForm();
    await user.type(field("NIF (Portuguese tax number)"), "123456780");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Enter a valid Portuguese NIF (9 digits)")).toBeTruthy();
    expect(field("NIF (Portuguese tax number)").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
  });

  it("sends the details with the profile, the NIF as its 9 digits", async () => {
    const { calls, user } = renderForm();
    await user.type(field("Billing name"), "Ana Maria Sousa");
    await user.type(field("Billing address"), "Rua Augusta 1{Enter}1100-048 Lisboa");
    await user.type(field("NIF (Portuguese tax number)"), "PT 123 456 789");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Profile updated successfully")).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: "/api/profile", method: "PUT" });
    expect(calls[0].body).toEqual({
      name: "Ana Sousa",
      phone: "+351912345678",
      billingName: "Ana Maria Sousa",
      billingAddress: "Rua Augusta 1\n1100-048 Lisboa",
      taxId: "123456789",
    });
    await waitFor(() => expect(field("NIF (Portuguese tax number)").value).toBe("123456789"));
  });

  it("shows the server's refusal in the reader's language", async () => {
    setActiveLocale("pt-PT");
    const refusal = { error: "Enter a valid Portuguese NIF (9 digits)", key: "validation.nif_invalid" };
    const { user } = renderForm({}, { status: 400, body: refusal });
    expect(screen.getByRole("group", { name: "Dados de faturação" })).toBeTruthy();
    await user.type(field("Nome de faturação"), "Ana Sousa");
    await user.click(screen.getByRole("button", { name: "Guardar alterações" }));
    expect(await screen.findByText("Introduza um NIF português válido (9 dígitos)")).toBeTruthy();
  });
});
