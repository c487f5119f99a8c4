/** How the account domain answers its port (`port.ts`); app.ts gives it to the QA tools. */
import { users } from "../../db/schema";
import type { AccountQaPort } from "./port";
import { createAccountRecords, deleteUsers } from "./service";

export const makeAccountQaPort = (): AccountQaPort => ({
  /** A client with no password (they exist to be looked at, not signed in as), their email counted verified. */
  async createClient(tx, client) {
    await tx.insert(users).values({
      id: client.id,
      name: client.name,
      email: client.email,
      emailVerified: true,
      createdAt: client.createdAt,
    });
    await createAccountRecords(tx, { id: client.id, email: client.email, name: client.name, phone: client.phone });
  },
  deleteUsers,
});
