// Entry point of the worker process. ES module imports are evaluated before
// any statement of the importing module, so the process name that lib/log.ts
// stamps on every line is set here, before the worker's modules load.
process.env.SLUICE_PROCESS ??= "worker";
await import("./run-worker");
export {};
