// Which failures answer a retryable 503 rather than a 500 (SPEC §20): the
// shapes below are copied from what Prisma's pg driver adapter, pg and
// PostgreSQL reported in the PostgreSQL-restart and lock-wait fault scenarios.
import { describe, expect, it } from "vitest";
import { AppError, errorBody, isTransientError } from "./errors";

const prisma = (message: string, cause: Record<string, unknown>) =>
  Object.assign(new Error(message), { code: "P2010", meta: { driverAdapterError: { name: "DriverAdapterError", cause } } });

describe("isTransientError", () => {
  it.each([
    ["admin shutdown", prisma("Raw query failed. Code: `57P01`.", { kind: "postgres", code: "57P01" })],
    ["lock timeout", prisma("Raw query failed. Code: `55P03`.", { kind: "postgres", code: "55P03" })],
    ["server closed the connection", prisma("Raw query failed. Code: `N/A`. Message: `Server has closed the connection.`", { kind: "ConnectionClosed" })],
    ["database not reachable", prisma("Can't reach database server at 127.0.0.1:5432", { kind: "DatabaseNotReachable" })],
    ["pg client not queryable", new Error("Client has encountered a connection error and is not queryable")],
    ["connection refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["transaction timeout", Object.assign(new Error("Transaction API error: Transaction already closed"), { code: "P2028" })],
  ])("%s is transient", (_name, error) => {
    expect(isTransientError(error)).toBe(true);
    expect(errorBody(error, "payment")).toEqual({ status: 503, body: { status: false, error: "Service briefly unavailable; retry the request" } });
  });

  it.each([
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["a unique violation", prisma("Unique constraint failed", { kind: "UniqueConstraintViolation" })],
    ["a business refusal", new AppError("invalid_request", "Insufficient balance")],
  ])("%s is not", (_name, error) => {
    expect(isTransientError(error)).toBe(false);
  });
});

describe("errorBody", () => {
  it("names the field at fault as param in both families (issue #25: the payment family had none)", () => {
    const error = new AppError("invalid_request", "amount must be an integer >= 1", { param: "amount" });
    expect(errorBody(error, "payment")).toEqual({ status: 400, body: { status: false, error: "amount must be an integer >= 1", param: "amount" } });
    expect(errorBody(error, "guide")).toEqual({ status: 400, body: { error: { code: "invalid_request", message: "amount must be an integer >= 1", param: "amount" } } });
    // Without a field, the seed's shape exactly.
    expect(errorBody(new AppError("invalid_request", "Insufficient balance"), "payment")).toEqual({ status: 400, body: { status: false, error: "Insufficient balance" } });
  });
});
