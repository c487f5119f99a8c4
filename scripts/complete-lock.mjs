#!/usr/bin/env node
/**
 * `node scripts/complete-lock.mjs`: makes package-lock.json complete enough for `npm ci`.
 *
 * npm 11 leaves out of the lock file the platform binaries (optional dependencies of biome, tailwind's oxide,
 * …) for other platforms that the registry it installs from does not carry, and a dependency pinned to a
 * dist-tag ("latest") whose newest version differs from the one it placed; `npm ci` then refuses the lock as
 * out of sync. This adds the missing entries: from the registry when it has them, otherwise as optional
 * entries for their platform (npm skips them on every other one). Run it after any `npm install` that changes
 * the lock file; `npm ci` then installs the lock exactly.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

/** Where node would resolve `name` from the package at `from` (its own node_modules, then upward). */
function resolve(from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut < 0 ? "" : base.slice(0, cut);
  }
}

function view(name, spec) {
  try {
    const out = execFileSync(
      "npm",
      ["view", `${name}@${spec}`, "--json", "version", "dist.integrity", "os", "cpu", "libc", "license"],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
    const data = JSON.parse(out);
    return Array.isArray(data) ? data.at(-1) : data;
  } catch {
    return null;
  }
}

/** A platform binary's os and cpu, read from its name (cli-darwin-arm64, oxide-linux-x64-musl, ...). */
function platformOf(name) {
  const os = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "sunos", "aix"].find((o) =>
    name.includes(`-${o}`),
  );
  const cpu = ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "wasm32"].find((c) =>
    new RegExp(`-${c}(-|$)`).test(name),
  );
  return {
    ...(os ? { os: [os] } : {}),
    ...(cpu ? { cpu: [cpu] } : {}),
    ...(name.includes("musl") ? { libc: ["musl"] } : {}),
  };
}

let added = 0;
for (const [path, entry] of Object.entries({ ...packages })) {
  const edges = [
    ...Object.entries(entry.optionalDependencies ?? {}).map(([name, spec]) => ({ name, spec, optional: true })),
    ...Object.entries(entry.dependencies ?? {})
      .filter(([, spec]) => spec === "latest")
      .map(([name, spec]) => ({ name, spec, optional: false })),
  ];
  for (const { name, spec, optional } of edges) {
    const found = resolve(path, name);
    const meta = found && !optional ? view(name, spec) : null;
    if (found && (optional || !meta || packages[found].version === meta.version)) continue;
    const info = meta ?? view(name, spec);
    const target = found ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    packages[target] = {
      version: info?.version ?? spec,
      ...(info?.["dist.integrity"] ? { integrity: info["dist.integrity"] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(optional || entry.optional ? { optional: true } : {}),
      ...(info?.license ? { license: info.license } : {}),
      ...(info
        ? {
            ...(info.os ? { os: info.os } : {}),
            ...(info.cpu ? { cpu: info.cpu } : {}),
            ...(info.libc ? { libc: info.libc } : {}),
          }
        : platformOf(name)),
    };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} entries added`);
