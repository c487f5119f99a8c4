#!/usr/bin/env node
/**
 * `npm test`: every check, stage after stage, stopping at the first that fails, then the time of each stage.
 * Typecheck, lint and the build run side by side (the first single-threaded, the second done in seconds, the
 * build mostly waiting on its bundler's threads); the tests then one after another, since each of them fills both
 * cores of a CI machine.
 */
import { spawn } from "node:child_process";

const STAGES = [
  [
    ["typecheck", "npm run -s typecheck"],
    ["lint", "npm run -s lint"],
    ["build", "npm run -s build"],
  ],
  [["unit, components and database tests", "npm run -s test:unit"]],
  [["browser journeys", "npx playwright test"]],
];

const times = [];
const started = Date.now();

function run(label, command) {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: "inherit" });
    child.on("exit", (code, signal) => {
      times.push([label, Date.now() - start, code === 0]);
      resolve(code === 0 && !signal);
    });
  });
}

function report() {
  const seconds = (ms) => `${(ms / 1000).toFixed(0).padStart(5)} s`;
  console.log("\nStage times");
  for (const [label, ms, ok] of times) console.log(`  ${seconds(ms)}  ${label}${ok ? "" : "  (failed)"}`);
  console.log(`  ${seconds(Date.now() - started)}  in all`);
}

for (const group of STAGES) {
  const results = await Promise.all(group.map(([label, command]) => run(label, command)));
  if (results.includes(false)) {
    report();
    process.exit(1);
  }
}
report();
