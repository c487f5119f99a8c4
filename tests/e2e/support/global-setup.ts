/** Starts each run on an empty embedded database. */
import { rmSync } from "node:fs";
import { E2E_DATA_DIR } from "../../../playwright.config";

export default function globalSetup() {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
}
