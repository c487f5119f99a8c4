import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { type Answer, renderWithQueries, stubServer } from "#tests/helpers/components";
import { setActiveLocale } from "@/client/lib/i18n";
import { MESSAGES } from "@/shared/contracts/common-texts";
import { REQUEST_CHANGE_MESSAGES } from "@/shared/contracts/requests-texts";
import { lisbonDate } from "@/shared/dates";
import { requestDetail } from "../test-fixtures";
import { EditRequestDialog } from "./request-changes";

const REQUEST = requestDetail({ status: "Sourcing", notes: "Box and papers, please." });

/** The dialog, opened by its button (named in the language in use), with a server that answers `answer`; the calls it received. */
async function openDialog(
  answer: Answer = { status: 200, body: { changed: ["budget"] } },
  names = { button: "Edit Request", dialog: "Edit request" },
) {
  const calls = stubServer(answer);
  renderWithQueries(<EditRequestDialog request={REQUEST} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: names.button }));
  await screen.findByRole("dialog", { name: names.dialog });
  return { calls, user };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => screen.getByRole("button", { name: "Save Changes" });

describe("the edit request form", () => {
  it("opens with the request's current values", async () => {
    await openDialog();
    expect(input("Budget (€)").value).toBe("25000");
    expect(input("Deadline").value).toBe("");
    expect(input("Deadline").min).toBe(lisbonDate());
    expect((screen.getByLabelText("Notes") as HTMLTextAreaElement).value).toBe("Box and papers, please.");
    expect(screen.getByRole("combobox", { name: "Urgency" }).textContent).toContain("Medium");
  });

  it("refuses an empty budget and a past deadline without calling the server", async () => {
    const { calls, user } = await openDialog();
    await user.clear(input("Budget (€)"));
    await user.type(input("Deadline"), "2020-01-01");
    await user.click(save());
    expect(await screen.findByText(MESSAGES.budgetTooLow)).toBeTruthy();
    expect(screen.getByText(REQUEST_CHANGE_MESSAGES.deadlinePast)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("sends the changes, an emptied deadline as none, and closes", async () => {
    const { calls, user } = await openDialog();
    await user.clear(input("Budget (€)"));
    await user.type(input("Budget (€)"), "30 000");
    expect(input("Budget (€)").value).toBe("30000");
    await user.click(save());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: `/api/requests/${REQUEST.id}`,
      method: "PATCH",
      body: { budget_eur: 30000, urgency: "Medium", notes: "Box and papers, please.", deadline: null },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the server's refusal once quoted, and stays open", async () => {
    await openDialog({ status: 409, body: { error: REQUEST_CHANGE_MESSAGES.locked, code: "locked" } });
    await userEvent.setup().click(save());
    expect((await screen.findByRole("alert")).textContent).toBe(REQUEST_CHANGE_MESSAGES.locked);
    expect(screen.getByRole("dialog", { name: "Edit request" })).toBeTruthy();
  });
});

describe("in European Portuguese", () => {
  afterEach(() => setActiveLocale("en"));

  function openInPortuguese(answer: Answer = { status: 200, body: { changed: [] } }) {
    setActiveLocale("pt-PT");
    return openDialog(answer, { button: "Editar pedido", dialog: "Editar o pedido" });
  }

  it("labels the form and says its validation messages in Portuguese", async () => {
    const { calls, user } = await openInPortuguese();
    expect(screen.getByRole("combobox", { name: "Urgência" }).textContent).toContain("Média");
    expect(screen.getByText("Opcional. Deixe em branco para não ter prazo.")).toBeTruthy();
    await user.clear(screen.getByLabelText("Orçamento (€)"));
    await user.type(screen.getByLabelText("Prazo"), "2020-01-01");
    await user.click(screen.getByRole("button", { name: "Guardar alterações" }));
    expect(await screen.findByText("O orçamento deve ser superior a 0")).toBeTruthy();
    expect(screen.getByText("O prazo não pode ser no passado.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the server's keyed refusal in Portuguese", async () => {
    const { user } = await openInPortuguese({
      status: 409,
      body: { error: REQUEST_CHANGE_MESSAGES.locked, key: "requests.locked", code: "locked" },
    });
    await user.click(screen.getByRole("button", { name: "Guardar alterações" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Depois de orçamentado, as alterações fazem-se por mensagem.",
    );
  });
});
