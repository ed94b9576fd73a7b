// The README's shell examples, run as a reader runs them but without a
// server: each ```sh block that calls curl (and no npm command) is run by bash
// with `curl` replaced by a function that records the call — method, URL, the
// `-d` body and the Idempotency-Key — and answers with stand-in JSON whose ids
// are new on every call, as a server's would be (for the `$(curl … | node -pe …)`
// lines that take an id from an answer).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface ReadmeCall {
  /** The block's index among the README's curl blocks. */
  block: number;
  method: string;
  url: string;
  /** The path below /v1, e.g. /payment/sale. */
  path: string;
  body: Record<string, any> | null;
  idempotencyKey: string | null;
}

const FAKE_CURL = `curl() {
  local url="" data="" method="GET" key=""
  while [ $# -gt 0 ]; do
    case "$1" in
      -d|--data|--data-raw) data="$2"; method="POST"; shift 2 ;;
      -X) method="$2"; shift 2 ;;
      -H) case "$2" in [Ii]dempotency-[Kk]ey:*) key="\${2#*: }" ;; esac; shift 2 ;;
      -o|-w|-u) shift 2 ;;
      -*) shift ;;
      *) url="$1"; shift ;;
    esac
  done
  n=$(( $(wc -l < "$CURL_LOG") + 1 ))
  printf '%s\\t%s\\t%s\\t%s\\t%s\\n' "$BLOCK" "$method" "$url" "$key" "$(printf '%s' "$data" | tr '\\n' ' ')" >> "$CURL_LOG"
  if [ "$method" = POST ]; then echo "{\\"status\\":true,\\"transaction\\":{\\"id\\":\\"tx_stand_in_$n\\"}}"
  else echo "{\\"id\\":\\"mr_stand_in_$n\\",\\"data\\":[{\\"id\\":\\"tx_stand_in_$n\\"}]}"; fi
}
`;

/** The README's curl blocks. */
export function readmeCurlBlocks(): string[] {
  const readme = readFileSync("README.md", "utf8");
  return [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => /curl /.test(b) && !/\bnpm /.test(b));
}

/** Every call the blocks make, in order, running all of them `times` times in a row. */
export function readmeCalls(times = 1): ReadmeCall[] {
  const dir = mkdtempSync(path.join(tmpdir(), "sluice-readme-"));
  const log = path.join(dir, "calls.tsv");
  writeFileSync(log, "");
  const blocks = readmeCurlBlocks();
  for (let run = 0; run < times; run++) {
    blocks.forEach((block, i) => execFileSync("bash", ["-c", `${FAKE_CURL}\n${block}`], { env: { ...process.env, CURL_LOG: log, BLOCK: String(i), KEY: "sk_test_example" }, encoding: "utf8" }));
  }
  return readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [block, method, url, key, data] = line.split("\t") as [string, string, string, string, string];
      const apiPath = new URL(url.replace(/^\$?[A-Z_]+/, "http://localhost/v1")).pathname.replace(/^\/v1/, "");
      return { block: Number(block), method, url, path: apiPath, body: data ? (JSON.parse(data) as Record<string, any>) : null, idempotencyKey: key || null };
    });
}
