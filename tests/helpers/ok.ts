import { expect } from "vitest";

/** A setup call that must succeed (a status under 300); its answer. */
export const ok = async <R extends { statusCode: number; body: string; json(): unknown }>(sent: Promise<R>) => {
  const res = await sent;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as ReturnType<R["json"]>;
};
