/** What other domains may ask of the account domain (AccountPort in context.ts); app.ts plugs it in. */
import type { AccountPort } from "../../context";
import { users } from "../../db/schema";
import { createAccountRecords, deleteUsers } from "./service";

export const accountPort: AccountPort = {
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
};
