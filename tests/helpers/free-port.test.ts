// The throwaway servers of the fault and scale tests get their ports from
// freePortIn (tests-faults/processes.ts), and the tests reach them with
// fetch. fetch refuses the Fetch standard's "bad ports" outright, so a port
// from that list made a healthy web node look hung (issue #30).
import { describe, expect, it } from "vitest";
import { FETCH_BLOCKED_PORTS, freePortIn } from "../../tests-faults/processes";

describe("freePortIn", () => {
  it("never hands out a port fetch refuses", () => {
    // 6665–6669 are all blocked: the only port left in 6665–6670 is 6670 (when nothing listens on it).
    expect(freePortIn(6665, 6670)).toBe(6670);
  });

  it("knows every port this Node's fetch refuses, and only those", async () => {
    const refused = async (port: number) => {
      try {
        await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
        return false;
      } catch (err) {
        return (err as Error & { cause?: Error }).cause?.message === "bad port";
      }
    };
    for (const port of FETCH_BLOCKED_PORTS) expect(await refused(port), `port ${port}`).toBe(true);
    // Ports beside them are allowed (a connection is tried: refused by the kernel, not by fetch).
    for (const port of [6664, 6670, 6678, 6680, 6696, 6698]) expect(await refused(port), `port ${port}`).toBe(false);
  });
});
