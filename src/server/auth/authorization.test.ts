/** The authorization matrix (authorization-matrix.ts): the members' and public endpoints, and its coverage checks. */
import { authorizationMatrix } from "./authorization-matrix";

authorizationMatrix("members");
