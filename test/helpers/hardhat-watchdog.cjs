// Preloaded (`node --require`) into the `hardhat node` child started by test/helpers/hardhat-node.ts.
// The parent holds the write end of this process's stdin pipe; when the parent goes away for any
// reason (normal exit, crash, SIGKILL of the vitest worker), the pipe closes and the node exits,
// so no hardhat process outlives the test run. The parent's pid is also polled, as a second guard.
"use strict";
const parent = process.ppid;
const quit = () => process.exit(0);
process.stdin.on("end", quit);
process.stdin.on("close", quit);
process.stdin.on("error", quit);
process.stdin.resume();
setInterval(() => {
  if (process.ppid !== parent) quit();
}, 1000).unref();
