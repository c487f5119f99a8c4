/** The authorization matrix (authorization-matrix.ts): the staff's endpoints, in a file of their own. */
import { authorizationMatrix } from "./authorization-matrix";

authorizationMatrix("staff");
