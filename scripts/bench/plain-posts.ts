// The baseline of the bench's webhook row, run by plainPosts() in
// scripts/bench/bench.ts as a process of its own (why: see there): `n` plain
// POSTs of a webhook-sized body to the receiver at `url`, 50 at a time.
// Prints the POSTs per second on stdout.
//
//   node --import tsx scripts/bench/plain-posts.ts <url> <n>
import { argv } from "node:process";

const [url, count] = argv.slice(2);
const n = Number(count);
if (!url || !Number.isInteger(n) || n < 1) throw new Error("usage: plain-posts.ts <url> <n>");

const body = JSON.stringify({ id: "evt_x", event: "transaction.succeeded", data: { id: "tx_x", amount: 1000 } });
let next = 0;
const start = performance.now();
await Promise.all(
  Array.from({ length: 50 }, async () => {
    while (next < n) {
      next++;
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
      await res.arrayBuffer();
    }
  }),
);
console.log(n / ((performance.now() - start) / 1000));
