// SPEC §22: the Dockerfile, compose.yaml and the Kubernetes manifests parse,
// and every environment variable they give Sluice's containers is one that
// lib/env.ts knows — a misspelt variable would otherwise be ignored silently
// and its default used in production.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DockerfileParser } from "dockerfile-ast";
import { parse, parseAllDocuments } from "yaml";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES } from "@/lib/env";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const unknown = (names: string[]) => names.filter((n) => !ENV_VARIABLES.includes(n));

interface Container {
  name: string;
  env?: { name: string }[];
  envFrom?: { configMapRef?: { name: string } }[];
  resources?: { requests?: Record<string, string> };
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
}
interface Manifest {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec?: { template?: { spec: { containers: Container[]; securityContext?: { runAsNonRoot?: boolean } } } };
}

describe("deployment files", () => {
  it("the Dockerfile is multi-stage, runs as a non-root user and sets only known variables", () => {
    const dockerfile = DockerfileParser.parse(read("Dockerfile"));
    const instructions = dockerfile.getInstructions();
    const froms = instructions.filter((i) => i.getKeyword() === "FROM");
    expect(froms.length).toBeGreaterThanOrEqual(2);
    const lastStage = instructions.slice(instructions.lastIndexOf(froms.at(-1)!));
    const user = lastStage.filter((i) => i.getKeyword() === "USER").at(-1);
    expect(user?.getArgumentsContent()).toBeTruthy();
    expect(user!.getArgumentsContent()).not.toMatch(/^(root|0)$/);
    const envNames = instructions.filter((i) => i.getKeyword() === "ENV").map((i) => i.getArguments()[0]!.getValue().split("=")[0]!);
    expect(envNames.length).toBeGreaterThan(0);
    expect(unknown(envNames)).toEqual([]);
    expect(lastStage.find((i) => i.getKeyword() === "CMD")?.getArgumentsContent()).toContain("scripts/web-server.ts");
  });

  it("compose.yaml runs web, worker, PostgreSQL, PgBouncer and Redis, giving Sluice only known variables", () => {
    const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, { build?: unknown; image?: string; environment?: Record<string, string> }> };
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(["web", "worker", "postgres", "pgbouncer", "redis"]));
    const ours = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);
    expect(ours.map(([name]) => name)).toEqual(expect.arrayContaining(["web", "worker"]));
    for (const [name, service] of ours) {
      const names = Object.keys(service.environment ?? {});
      expect(names, name).toContain("DATABASE_URL");
      expect(unknown(names), name).toEqual([]);
    }
    expect(compose.services.web!.environment!.DATABASE_URL).toContain("@pgbouncer:");
    expect(read("deploy/pgbouncer/pgbouncer.ini")).toMatch(/^pool_mode = transaction$/m);
  });

  it("the Kubernetes manifests parse, set only known variables, probe the web pods and request resources", () => {
    const dir = path.join(ROOT, "deploy/k8s");
    const manifests: Manifest[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".yaml"))) {
      for (const doc of parseAllDocuments(readFileSync(path.join(dir, file), "utf8"))) {
        expect(doc.errors, file).toEqual([]);
        manifests.push(doc.toJS() as Manifest);
      }
    }
    const configMaps = new Map(manifests.filter((m) => m.kind === "ConfigMap").map((m) => [m.metadata.name, m.data ?? {}]));
    const workloads = manifests.filter((m) => m.kind === "Deployment" || m.kind === "Job");
    expect(workloads.map((w) => w.metadata.name)).toEqual(expect.arrayContaining(["sluice-web", "sluice-worker", "sluice-migrate"]));
    for (const workload of workloads) {
      const pod = workload.spec!.template!.spec;
      expect(pod.securityContext?.runAsNonRoot, workload.metadata.name).toBe(true);
      for (const c of pod.containers) {
        const fromConfigMaps = (c.envFrom ?? []).flatMap((e) => Object.keys(configMaps.get(e.configMapRef!.name) ?? { missing: "" }));
        const names = [...(c.env ?? []).map((e) => e.name), ...fromConfigMaps];
        expect(names, c.name).toContain("DATABASE_URL");
        expect(unknown(names), c.name).toEqual([]);
        expect(c.resources?.requests?.cpu, c.name).toBeTruthy();
        expect(c.resources?.requests?.memory, c.name).toBeTruthy();
      }
    }
    const web = workloads.find((w) => w.metadata.name === "sluice-web")!.spec!.template!.spec.containers[0]!;
    expect(web.readinessProbe?.httpGet?.path).toBe("/api/ready");
    expect(web.livenessProbe?.httpGet?.path).toBe("/api/health");
  });
});
