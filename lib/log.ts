// Structured JSON logs (pino). Card numbers, CVCs and keys are redacted by
// path here and, for free text, by lib/redact.ts before anything is logged.
import pino from "pino";
import { env } from "@/lib/env";

export const logger = pino({
  level: env.LOG_LEVEL,
  base: { service: process.env.SLUICE_PROCESS ?? "web" },
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: {
    paths: [
      "*.cardNumber", "*.cvv", "*.cvc", "*.password", "*.key", "*.apiKey", "*.secret",
      "*.*.cardNumber", "*.*.cvv", "req.headers.authorization", "req.headers[\"x-api-key\"]",
    ],
    censor: "[REDACTED]",
  },
});

export type Logger = typeof logger;
